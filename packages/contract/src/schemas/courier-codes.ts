import { z } from 'zod';
import { lockerSize } from '../codes/locker.js';
import { instantSchema, localDateSchema } from './common.js';
import { PACKAGE_ID_MAX, sizeCountsSchema } from './orders.js';

/*
 * Carrier courier access codes (issue #24): a code per location and day for each partner key. The
 * partner hands today's code to its courier; at that location's kiosk the code lists the parcels
 * the partner pre-advised there and opens a locker for each, without an operator account.
 */

export const COURIER_ACCESS_CODE_DIGITS = 8;

export const courierCodesSchema = z.object({
  /** The day the codes are for (Lisbon time). */
  date: localDateSchema,
  /** When they stop working: the next midnight in Lisbon. */
  validUntil: instantSchema,
  codes: z.array(
    z.object({
      locationId: z.number().int(),
      locationName: z.string(),
      code: z.string().meta({ examples: ['40718253'] }),
    }),
  ),
});
export type CourierCodes = z.infer<typeof courierCodesSchema>;

const accessCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${COURIER_ACCESS_CODE_DIGITS}}$`), 'validation.accessCode')
  .meta({ examples: ['40718253'] });

export const carrierParcelsBodySchema = z.object({ accessCode: accessCodeSchema });

export const carrierParcelSchema = z.object({
  packageId: z.string(),
  /** The partner's reference, as on the label. */
  recipientNumber: z.string(),
  /** The size the partner gave; null when the courier must choose one. */
  size: z.enum(lockerSize.values).nullable(),
  state: z.number().int(),
});
export type CarrierParcel = z.infer<typeof carrierParcelSchema>;

export const carrierParcelsSchema = z.object({
  /** The partner the code belongs to. */
  carrierName: z.string(),
  /** Its parcels to deposit here: pre-advised to this location, or to none. */
  parcels: z.array(carrierParcelSchema),
  /** Free lockers of this place by size. */
  availableLockers: sizeCountsSchema,
  /**
   * Its client's returns dropped off at this wall, waiting to be collected in the same round
   * (docs/adr/0180): the courier opens each door and takes the return.
   */
  returns: z.array(
    z.object({ packageId: z.string(), recipientNumber: z.string(), doorNumber: z.number().int() }),
  ),
});
export type CarrierParcels = z.infer<typeof carrierParcelsSchema>;

export const carrierDepositBodySchema = carrierParcelsBodySchema.extend({
  packageId: z.string().trim().min(1, 'validation.required').max(PACKAGE_ID_MAX, 'validation.tooLong'),
  /** Needed when the parcel was advised without a size. */
  size: z
    .string()
    .transform((s) => s.toUpperCase())
    .refine((s) => lockerSize.has(s), 'validation.selectSize')
    .optional()
    .meta({ examples: ['M'] }),
});

/** POST /api/kiosk/carrier/collect-return: one of the carrier's dropped-off returns at this wall. */
export const carrierCollectBodySchema = carrierParcelsBodySchema.extend({
  packageId: z.string().trim().min(1, 'validation.required').max(PACKAGE_ID_MAX, 'validation.tooLong'),
});

export const carrierDepositSchema = z.object({
  packageId: z.string(),
  doorNumber: z.number().int(),
  size: z.string(),
  /** The order's state: 3 while the door is open for the deposit. */
  state: z.number().int(),
});
export type CarrierDeposit = z.infer<typeof carrierDepositSchema>;
