import { z } from 'zod';
import { emailSchema, idSchema, phoneSchema } from '../validation.js';
import { doorOpenResultSchema, instantSchema, localDateSchema } from './common.js';
import { replyCentsSchema as cents } from './marketplace-fields.js';
import { pricePackSchema } from './marketplace-prices.js';
import { paymentMethodSchema, transactionSchema } from './marketplace-transactions.js';

// Rentals (the kiosk's unit of work), the marketplace overview and the rental kiosk's requests.

const int = z.number().int();

/** Rentals: the kiosk's unit of work; its transactions carry the money. */
export const RENTAL_STATUS = {
  PENDING: 'pending',
  ACTIVE: 'active',
  ENDED: 'ended',
  CANCELED: 'canceled',
} as const;
export type RentalStatus = (typeof RENTAL_STATUS)[keyof typeof RENTAL_STATUS];
/** Rentals that hold their locker: waiting for payment, or paid and running. */
export const RENTAL_HOLDING_STATUSES = [RENTAL_STATUS.PENDING, RENTAL_STATUS.ACTIVE] as const;
export const rentalSchema = z.object({
  id: int,
  placeId: int,
  lockerId: int,
  doorNumber: int,
  size: z.string(),
  status: z.enum(Object.values(RENTAL_STATUS) as [RentalStatus, ...RentalStatus[]]),
  phone: z.string().nullable(),
  method: paymentMethodSchema.nullable(),
  startedAt: instantSchema.nullable(),
  endsAt: instantSchema.nullable(),
  safeUntil: instantSchema.nullable(),
  endedAt: instantSchema.nullable(),
  pendingUntil: instantSchema,
  depositCents: cents,
  overdue: z.boolean(),
  transactions: z.array(transactionSchema),
});
export type Rental = z.infer<typeof rentalSchema>;

export const marketplaceOverviewSchema = z.object({
  revenue: z.object({ todayCents: cents, last30DaysCents: cents, totalCents: cents }),
  /** Revenue per Lisbon day over the last 30 days, oldest first, days without revenue included. */
  daily: z.array(z.object({ date: localDateSchema, cents })),
  transactions: z.object({ paid: int, pending: int, failed: int }),
  occupancy: z.array(
    z.object({ placeId: int, placeName: z.string(), lockers: int, occupied: int, available: int }),
  ),
  activeRentals: z.array(rentalSchema),
});
export type MarketplaceOverview = z.infer<typeof marketplaceOverviewSchema>;

/** Kiosk: what the screen shows before a choice. */
export const kioskCatalogSchema = z.object({
  placeId: int,
  placeName: z.string(),
  open: z.object({ park: z.boolean(), guest: z.boolean() }),
  freeMode: z.boolean(),
  depositCents: cents,
  /** Free lockers per size. */
  available: z.record(z.string(), int),
  packs: z.array(pricePackSchema),
});
export type KioskCatalog = z.infer<typeof kioskCatalogSchema>;
export const kioskQuoteSchema = z.object({
  packId: idSchema,
  voucherCode: z.string().trim().max(32).optional(),
});
/** What a pack costs now (marketplace-pricing's Quote), its hours and the deposit a card holds. */
export const kioskQuoteReplySchema = z.object({
  amountCents: cents,
  discountCents: cents,
  totalCostCents: cents,
  costCents: cents,
  ivaCents: cents,
  ivaPercent: z.number(),
  hours: int,
  depositCents: cents,
});
/** Opening a rented locker: the rental as it stands and how the door answered. */
export const kioskOpenReplySchema = z.object({ rental: rentalSchema, door: doorOpenResultSchema });
/** Sandbox: cardToken 'tok_error' / 'tok_expired' force those outcomes (docs in payments). */
const paymentFields = {
  method: paymentMethodSchema.optional(),
  phone: phoneSchema.optional(),
  cardToken: z.string().trim().min(1).max(100).optional(),
};
export const kioskRentSchema = kioskQuoteSchema.extend({
  ...paymentFields,
  size: z.enum(['XS', 'S', 'M', 'L']).optional(),
  /** The kiosk's language, for the SMS and e-mail that carry the PIN (pt by default). */
  language: z.enum(['pt', 'en', 'es', 'fr']).optional(),
  /** Optional: the PIN and QR also go there by e-mail once the payment is approved (docs/adr/0221). */
  email: emailSchema.optional(),
});
export type KioskRentRequest = z.input<typeof kioskRentSchema>;
/**
 * The rental just made with its codes, said once (only their hashes are kept): the PIN typed at the
 * wall and the QR payload shown to its camera reopen, extend and end it.
 */
export const kioskRentReplySchema = rentalSchema.extend({ pin: z.string(), qrCode: z.string() });
export type KioskRentReply = z.infer<typeof kioskRentReplySchema>;
export const RENTAL_PIN_DIGITS = 6;
/** A customer back at the wall: the rental's PIN or its QR payload (one of them). */
export const kioskFindRentalSchema = z
  .object({
    pin: z
      .string()
      .regex(/^\d{6}$/, 'validation.pin')
      .meta({ examples: ['482913'] })
      .optional(),
    qrCode: z.string().trim().min(1).max(200).optional(),
  })
  .refine((b) => (b.pin === undefined) !== (b.qrCode === undefined), {
    message: 'validation.required',
    path: ['pin'],
  });
export const kioskExtendSchema = kioskQuoteSchema.extend(paymentFields);
