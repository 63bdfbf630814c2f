import { z } from 'zod';
import { lockerSize } from '../codes/locker.js';
import { PACKAGE_ID_MAX, sizeCountsSchema } from './orders.js';
import { pinSchema } from '../validation.js';

/*
 * The kiosk screen at a locker wall (the `screen` role, its own place only): what it offers, and a
 * courier's deposit. The recipient's pickup is ordersApi.kioskPickup.
 */

/**
 * What a kiosk can do, each a screen of its own in the web's kiosk; other areas add theirs. `assets`:
 * a locker user takes an asset stored here with their card or PIN (docs/adr/0072); `openLocker`:
 * they open their own locker, `returnAsset`: they bring an asset back (the office wall, issue #33).
 * `returns`: at a delivery wall, a carrier's customer drops a return off with its return code
 * (docs/adr/0180).
 * `rent` and `rental`: at a marketplace wall, a passer-by rents a locker and pays, then comes back
 * with the rental's PIN to reopen, extend or end it (docs/adr/0170).
 */
export const KIOSK_TASKS = [
  'pickup',
  'deposit',
  'returns',
  'assets',
  'openLocker',
  'returnAsset',
  'rent',
  'rental',
] as const;
export type KioskTask = (typeof KIOSK_TASKS)[number];

export const kioskScreenSchema = z.object({
  placeId: z.number().int(),
  placeName: z.string(),
  /** DELIVERY, OFFICE, MARKETPLACE... as the place is configured. */
  placeType: z.string(),
  /** The tasks of this place's kind, in the order the home screen shows them. */
  tasks: z.array(z.enum(KIOSK_TASKS)),
  /** The kiosk message of the global options, shown on the home screen ('' for none). */
  message: z.string(),
});
export type KioskScreen = z.infer<typeof kioskScreenSchema>;

/** A courier's staff PIN: 4 digits, unique among staff (ADR 0004). */
const courierCodeSchema = pinSchema;
const packageIdSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(PACKAGE_ID_MAX, 'validation.tooLong');

export const kioskCourierBodySchema = z.object({ courierCode: courierCodeSchema });
export const kioskCourierReplySchema = z.object({ courierName: z.string() });

export const kioskParcelBodySchema = z.object({ courierCode: courierCodeSchema, packageId: packageIdSchema });
export const kioskParcelReplySchema = z.object({
  packageId: z.string(),
  /** The recipient reference as on the label, for the courier to check the parcel. */
  recipientNumber: z.string(),
  /** Free lockers of this place by size. */
  availableLockers: sizeCountsSchema,
});
export type KioskParcel = z.infer<typeof kioskParcelReplySchema>;

export const kioskDepositBodySchema = kioskParcelBodySchema.extend({
  size: z
    .string()
    .transform((s) => s.toUpperCase())
    .refine((s) => lockerSize.has(s), 'validation.selectSize'),
});
export const kioskDepositReplySchema = z.object({
  packageId: z.string(),
  doorNumber: z.number().int(),
  size: z.string(),
  /** The order's state: 3 while the door is open for the deposit. */
  state: z.number().int(),
});
export type KioskDeposit = z.infer<typeof kioskDepositReplySchema>;
