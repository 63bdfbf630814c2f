import { z } from 'zod';
import { orderState, type OrderState } from '../codes/order.js';
import { DELIVERY_TYPE, deliveryType, lockerSize, type LockerSize } from '../codes/locker.js';
import { CONTENT_LANGUAGES } from '../codes/content.js';
import {
  dateIntervalSchema,
  idSchema,
  maxResultsSchema,
  offsetSchema,
  phoneSchema,
  pinSchema,
} from '../validation.js';

/** SPEC §5: "Creating an order sends the recipient name as a fixed constant." */
export const ORDER_RECIPIENT_NAME = 'Cliente';
/** A package waiting longer than this is an expired delivery locker (the time chip turns orange). */
export const ORDER_EXPIRED_AFTER_DAYS = 10;
/** Pickup codes sent by SMS: digits only, so they can be typed on the kiosk keypad. */
export const PICKUP_PIN_DIGITS = 6;
export const PACKAGE_ID_MAX = 64;
export const IMPORT_ROWS_MAX = 10_000;

const orderStateSchema = z.coerce
  .number()
  .int()
  .refine((v) => orderState.has(v), 'validation.orderState') as unknown as z.ZodType<OrderState>;
const packageIdSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(PACKAGE_ID_MAX, 'validation.tooLong');
const sizeSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => lockerSize.has(s), 'validation.selectSize') as unknown as z.ZodType<LockerSize>;

/** POST api/delivery/order (SPEC §7). The scanner saves with id 0 and an empty recipientEmail. */
export const orderInputSchema = z.object({
  id: z.coerce.number().int().min(0).optional(),
  packageId: packageIdSchema,
  recipientName: z.string().trim().max(100, 'validation.tooLong').optional().default(ORDER_RECIPIENT_NAME),
  recipientNumber: z.string().trim().max(64, 'validation.tooLong').optional().default(''),
  recipientEmail: z
    .union([z.literal(''), z.string().trim().pipe(z.email('validation.email'))])
    .optional()
    .default(''),
  recipientPhone: phoneSchema,
  /** The language of the recipient's messages (pt, en, es, fr); unset: the service's default. */
  recipientLanguage: z.enum(CONTENT_LANGUAGES, 'validation.language').nullable().optional(),
  deliveryType: z.coerce
    .number()
    .int()
    .refine((v) => deliveryType.has(v), 'validation.deliveryType')
    .optional()
    .default(DELIVERY_TYPE.PACKAGE),
});
export type OrderInput = z.input<typeof orderInputSchema>;
/** PUT api/delivery/order: the same fields plus id. */
export const orderUpdateSchema = orderInputSchema.extend({ id: idSchema });
export const orderDeleteSchema = z.object({ packageId: packageIdSchema });

/** GET api/delivery/order: by packageId (SPEC) or by id (detail pages). */
export const orderQuerySchema = z
  .object({ packageId: packageIdSchema.optional(), id: idSchema.optional() })
  .refine((q) => q.packageId !== undefined || q.id !== undefined, 'validation.required');

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * `state` arrives as a comma list (`1,2,3`) or repeated (`state=1&state=2`); the web's typed client
 * may pass the codes themselves (numbers), which travel the same way.
 */
const stateListSchema = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])).readonly()])
  .transform((v) => (Array.isArray(v) ? v.join(',') : String(v)))
  .pipe(z.string().regex(/^\d+(,\d+)*$/, 'validation.orderState'))
  .transform((s) => s.split(',').map(Number))
  .refine((list) => list.every((n) => orderState.has(n)), 'validation.orderState');

/** GET api/delivery/listOrders (SPEC §7), paged on the server. */
export const listOrdersQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  state: stateListSchema.optional(),
  archived: booleanQuery.optional(),
  search: z.string().trim().max(100).optional(),
});

export const assignLockerQuerySchema = z.object({
  locationId: idSchema,
  /** Checked by the server so that a missing size answers `selectSize` ('Please select size'). */
  size: z.string().trim().max(4).optional(),
  packageId: packageIdSchema,
});
export const packageIdQuerySchema = z.object({ packageId: packageIdSchema });
export const orderIdBodySchema = z.object({ orderId: idSchema });
export const releaseLockerBodySchema = z.object({ orderId: idSchema, pin: pinSchema });
export const lockersEnabledBodySchema = z.object({
  lockerIds: z.array(idSchema).min(1).max(500),
  enabled: z.boolean(),
});
export const deliveryLockersQuerySchema = z.object({ locationId: idSchema.optional() });
export const orderLogsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  orderId: idSchema.optional(),
  packageId: z.string().trim().max(PACKAGE_ID_MAX).optional(),
  actionId: z.coerce.number().int().optional(),
  createdAtInterval: dateIntervalSchema.optional(),
});
export const pagedQuerySchema = z.object({ max_results: maxResultsSchema, offset: offsetSchema });
export const analyticsQuerySchema = z.object({
  locationId: idSchema.optional(),
  dateRange: dateIntervalSchema.optional(),
});
/** The screen role's kiosk pickup: the SMS code typed on the keypad, or the QR payload scanned. */
export const kioskPickupBodySchema = z
  .object({
    placeId: idSchema,
    pin: z
      .string()
      .regex(new RegExp(`^\\d{${PICKUP_PIN_DIGITS}}$`), 'validation.pickupPin')
      .optional(),
    qrCode: z.string().trim().min(8).max(200).optional(),
  })
  .refine((b) => (b.pin === undefined) !== (b.qrCode === undefined), 'validation.pinOrQr')
  // One of the two, as a kiosk sends it (a generated sample would carry both).
  .meta({ examples: [{ placeId: 2, pin: '482913' }] });

/** One import row as read from the file, before validation (header names are matched loosely). */
export const importOrderRowSchema = orderInputSchema.omit({ id: true });
export const importSubmitSchema = z.object({
  orders: z.array(z.unknown()).min(1).max(IMPORT_ROWS_MAX),
});

export * from './order-replies.js';
export { ORDER_LIST_VARIANTS, type OrderListVariant } from '../codes/order.js';
export { orderStateSchema, sizeSchema as orderSizeSchema };
