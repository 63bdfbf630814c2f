import { z } from 'zod';
import { lockerSize } from '../codes/locker.js';
import { ORDER_STATE, orderState } from '../codes/order.js';
import { instantSchema } from './common.js';
import { deliveryPlaceSchema, orderInputSchema, PACKAGE_ID_MAX } from './orders.js';

/*
 * The partner API (issue #24, /api/partner/v1): what a carrier's or a store's system sends and
 * receives. Field names are the back-office's (packageId, recipientName, recipientNumber as the
 * partner reference, recipientEmail, recipientPhone); replies are the same envelope.
 */

const id = z.number().int();
const stateValue = z.literal(orderState.values);
/** The state's name from the table of order states, for readers who do not keep the numbers. */
const stateName = z.enum(
  Object.keys(ORDER_STATE) as [keyof typeof ORDER_STATE, ...(keyof typeof ORDER_STATE)[]],
);

/** POST /api/partner/v1/orders: a pre-advised parcel. */
export const partnerOrderInputSchema = orderInputSchema
  .omit({ id: true, deliveryType: true })
  .extend({
    /** The parcel's locker size, when the partner knows it. */
    size: z.enum(lockerSize.values).optional(),
    /** The delivery location the parcel is headed to (GET /api/partner/v1/locations). */
    locationId: z.number().int().min(1).optional(),
  })
  .meta({
    examples: [
      {
        packageId: 'SGPT000123456',
        recipientName: 'Ana Sousa',
        recipientPhone: '912345678',
        recipientEmail: 'ana@example.com',
        recipientNumber: 'PRT-778812',
        size: 'M',
        locationId: 2,
      },
    ],
  });
export type PartnerOrderInput = z.input<typeof partnerOrderInputSchema>;

export const partnerPackageParamsSchema = z.object({
  packageId: z.string().trim().min(1, 'validation.required').max(PACKAGE_ID_MAX, 'validation.tooLong'),
});

export const partnerOrderEventSchema = z.object({
  state: stateValue,
  stateName,
  /** The action of the order's state machine that led there (`create`, `assignLocker`, ...). */
  action: z.string(),
  at: instantSchema,
});

const ONLY_WITH_ORDERS_READ =
  'Personal data of the recipient: present only for a key holding orders:read (absent otherwise, in replies and webhooks)';

/** An order as partners see it: no operator names, no pickup codes. */
export const partnerOrderSchema = z.object({
  id,
  packageId: z.string(),
  state: stateValue,
  stateName,
  /**
   * The recipient's name, phone and e-mail: only for a key holding `orders:read` (ADR 0100). A key
   * without it (a webhook of a `webhooks:manage` or `orders:write` key) gets the order without them.
   */
  recipientName: z.string().optional().meta({ description: ONLY_WITH_ORDERS_READ }),
  recipientPhone: z.string().optional().meta({ description: ONLY_WITH_ORDERS_READ }),
  recipientEmail: z.string().optional().meta({ description: ONLY_WITH_ORDERS_READ }),
  /** The partner's reference. */
  recipientNumber: z.string(),
  /** The size given at pre-advice (null when unknown). */
  size: z.enum(lockerSize.values).nullable(),
  /** The location given at pre-advice (null when none). */
  locationId: id.nullable(),
  companyId: z.string().meta({
    description:
      "The client the order belongs to: always the key's own (a key sees no other client's orders)",
  }),
  /** The locker holding (or reserved for) the parcel. */
  locker: z
    .object({ locationId: id, locationName: z.string(), doorNumber: z.number().int(), size: z.string() })
    .nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  storedAt: instantSchema.nullable(),
  pickedUpAt: instantSchema.nullable(),
  /** Every change of state, oldest first (in the reply about one order). */
  history: z.array(partnerOrderEventSchema).optional(),
});
export type PartnerOrder = z.infer<typeof partnerOrderSchema>;

/** GET /api/partner/v1/locations: delivery locations with their free lockers per size. */
export const partnerLocationSchema = deliveryPlaceSchema;
