import { z } from 'zod';
import { settingsVersionReplyShape, settingsVersionShape, versionShape } from '../versioning.js';
import { PAYMENT_METHOD, PRICE_TYPE, TRANSACTION_STATUS } from '../codes/transaction.js';
import { MAX_PRICE_CENTS } from '../marketplace-pricing.js';
import { exportFields, sortQuery, totalIsLowerBoundSchema } from '../lists.js';
import {
  dateIntervalSchema,
  emailSchema,
  idSchema,
  maxResultsSchema,
  NAME_MAX,
  offsetSchema,
  percentageSchema,
  phoneSchema,
  urlIdSchema,
} from '../validation.js';
import { doorOpenResultSchema, instantSchema, localDateSchema } from './common.js';

export * from '../marketplace-pricing.js';

/** 'HH:MM', 00:00 to 24:00. Opening equal to closing means open all day. */
export const marketplaceHourSchema = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'validation.hour')
  .meta({ examples: ['08:00'] });
export const marketplaceCentsSchema = z
  .number('validation.cents')
  .int('validation.cents')
  .min(0, 'validation.cents')
  .max(MAX_PRICE_CENTS, 'validation.cents');
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-9;
const percent2Schema = percentageSchema.refine(twoDecimals, 'validation.percentage');
export const marketplaceDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .meta({ examples: ['2026-03-01'] });

export const SAFE_TIME_MAX_MINUTES = 1440;
export const PENDING_MAX_MINUTES = 120;
export const PACK_HOURS_MAX = 720;
export const TRANSACTION_DESCRIPTION_MAX = 255;
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

/** Marketplace settings (SPEC §3). Safe time is checked by the server ('Incorrect Value'). */
export const marketplaceSettingsSchema = z.object({
  parkOpening: marketplaceHourSchema,
  parkClosing: marketplaceHourSchema,
  guestOpening: marketplaceHourSchema,
  guestClosing: marketplaceHourSchema,
  /** Tolerance after a rental's paid time; checked by the service so it answers incorrectValue. */
  safeTimeMinutes: z.number(),
  pendingMinutes: z
    .number('validation.pendingMinutes')
    .int('validation.pendingMinutes')
    .min(1, 'validation.pendingMinutes')
    .max(PENDING_MAX_MINUTES, 'validation.pendingMinutes'),
  ivaPercent: percent2Schema,
  captiveDepositCents: marketplaceCentsSchema,
  freeMode: z.boolean(),
});
export type MarketplaceSettings = z.infer<typeof marketplaceSettingsSchema>;
/** PUT /api/marketplace/settings: the settings with the version the editor read. */
export const updateMarketplaceSettingsSchema = marketplaceSettingsSchema.extend(settingsVersionShape);
export const marketplaceSettingsReplySchema = marketplaceSettingsSchema.extend({
  ...settingsVersionReplyShape,
  safeTimeMinutes: z.number().int(),
  /** HMAC secret the payment provider signs its webhook calls with. */
  webhookSecret: z.string(),
  highestActivePriceCents: z.number().int(),
});
export type MarketplaceSettingsReply = z.infer<typeof marketplaceSettingsReplySchema>;

const priceTypeSchema = z.enum(PRICE_TYPE);

/** A price pack: exactly one of the two prices is entered, the server derives the other. */
const pricePackBase = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  type: priceTypeSchema,
  hours: z
    .number()
    .int('validation.hours')
    .min(1, 'validation.hours')
    .max(PACK_HOURS_MAX, 'validation.hours'),
  enabled: z.boolean().default(true),
  priceCents: marketplaceCentsSchema.optional(),
  priceNetCents: marketplaceCentsSchema.optional(),
});
const onePrice = (v: { priceCents?: number | undefined; priceNetCents?: number | undefined }) =>
  (v.priceCents === undefined) !== (v.priceNetCents === undefined);
export const createPricePackSchema = pricePackBase.refine(onePrice, {
  message: 'validation.onePrice',
  path: ['priceCents'],
});
export type CreatePricePack = z.input<typeof createPricePackSchema>;
export const updatePricePackSchema = pricePackBase
  .extend({ id: idSchema, ...versionShape })
  .refine(onePrice, {
    message: 'validation.onePrice',
    path: ['priceCents'],
  });
export type UpdatePricePack = z.input<typeof updatePricePackSchema>;
export const pricePackSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: priceTypeSchema,
  hours: z.number().int(),
  priceCents: z.number().int(),
  priceNetCents: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PricePack = z.infer<typeof pricePackSchema>;
/** The price packs list (issue #22): one type, a name search, enabled or not; sorted on the server. */
export const PRICE_PACK_SORT_COLUMNS = ['hours', 'name', 'priceCents', 'createdAt'] as const;
export const listPricePacksQuerySchema = z.object({
  type: priceTypeSchema.optional(),
  search: z.string().trim().max(100).optional(),
  enabled: z.enum(['0', '1']).optional(),
  ...sortQuery(PRICE_PACK_SORT_COLUMNS, 'hours'),
});
export type PricePacksFilter = z.output<typeof listPricePacksQuerySchema>;
export type ListPricePacksQuery = z.input<typeof listPricePacksQuerySchema>;
export const marketplaceEnabledSchema = z.object({ id: idSchema, enabled: z.boolean() });
export const marketplaceIdParamsSchema = z.object({ id: urlIdSchema });

/** Voucher (SPEC §3). Percentage value 0-100; fixed value in cents. */
const voucherBase = z.object({
  title: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  code: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(
      z
        .string()
        .regex(VOUCHER_CODE_PATTERN, 'validation.voucherCode')
        .meta({ examples: ['SUMMER-10'] }),
    ),
  descriptionPt: z.string().trim().max(500, 'validation.tooLong').default(''),
  descriptionEn: z.string().trim().max(500, 'validation.tooLong').default(''),
  startDate: marketplaceDateSchema,
  endDate: marketplaceDateSchema,
  maxUses: z.number().int().min(1).nullable().default(null),
  maxUsesPerDay: z.number().int().min(1).nullable().default(null),
  discountType: z.enum(['percentage', 'fixed']),
  discountValue: z.number('validation.discount').min(0, 'validation.discount'),
  /** Packs it applies to; empty = every pack of its type (or every pack when type is null). */
  priceIds: z.array(z.number().int().positive()).max(100).default([]),
  type: priceTypeSchema.nullable().default(null),
  enabled: z.boolean().default(true),
});
type VoucherShape = z.infer<typeof voucherBase>;
function voucherRules(v: VoucherShape, ctx: z.RefinementCtx) {
  if (v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', message: 'validation.dateOrder', path: ['endDate'] });
  if (v.discountType === 'percentage' && (v.discountValue > 100 || !twoDecimals(v.discountValue)))
    ctx.addIssue({ code: 'custom', message: 'validation.percentage', path: ['discountValue'] });
  if (
    v.discountType === 'fixed' &&
    (!Number.isInteger(v.discountValue) || v.discountValue < 1 || v.discountValue > MAX_PRICE_CENTS)
  )
    ctx.addIssue({ code: 'custom', message: 'validation.cents', path: ['discountValue'] });
  if (v.maxUses !== null && v.maxUsesPerDay !== null && v.maxUsesPerDay > v.maxUses)
    ctx.addIssue({ code: 'custom', message: 'validation.maxUsesPerDay', path: ['maxUsesPerDay'] });
}
export const createVoucherSchema = voucherBase.superRefine(voucherRules);
export type CreateVoucher = z.input<typeof createVoucherSchema>;
export const updateVoucherSchema = voucherBase
  .extend({ id: idSchema, ...versionShape })
  .superRefine(voucherRules);
export type UpdateVoucher = z.input<typeof updateVoucherSchema>;
export const voucherSchema = voucherBase.extend({
  id: z.number().int(),
  uses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;
/** The vouchers list (issue #22): code or title search, enabled or not, validity; sorted on the server. */
export const VOUCHER_SORT_COLUMNS = ['createdAt', 'code', 'title', 'startDate', 'endDate'] as const;
export const VOUCHER_VALIDITY = ['current', 'upcoming', 'ended'] as const;
export const listVouchersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  enabled: z.enum(['0', '1']).optional(),
  /** By today's date (Lisbon): running now, not started yet, or over. */
  validity: z.enum(VOUCHER_VALIDITY).optional(),
  ...sortQuery(VOUCHER_SORT_COLUMNS, 'createdAt', 'desc'),
});
export type VouchersFilter = z.output<typeof listVouchersQuerySchema>;
export type ListVouchersQuery = z.input<typeof listVouchersQuerySchema>;

const transactionStatusSchema = z.enum(Object.values(TRANSACTION_STATUS) as [string, ...string[]]);
const paymentMethodSchema = z.enum([PAYMENT_METHOD.CREDIT_CARD, PAYMENT_METHOD.MBWAY]);

const int = z.number().int();
const cents = z.number().int().meta({ description: 'Money in cents' });

/** Transaction (SPEC §3), every field; money in cents, billed time in minutes. */
export const transactionSchema = z.object({
  id: int,
  rentalId: int.nullable(),
  /** `overtime`: what an MB WAY rental owes for ending late (docs/adr/0220). */
  kind: z.enum(['rental', 'extension', 'overtime']),
  reference: z.string(),
  identifier: z.string().nullable(),
  /** The payment provider's id. */
  transactionId: z.string().nullable(),
  phone: z.string().nullable(),
  placeId: int.nullable(),
  placeName: z.string().nullable(),
  lockerId: int.nullable(),
  doorNumber: int.nullable(),
  method: paymentMethodSchema.nullable(),
  status: transactionStatusSchema,
  packId: int.nullable(),
  packName: z.string().nullable(),
  hours: int,
  voucherCode: z.string().nullable(),
  amountCents: cents,
  discountCents: cents,
  costCents: cents,
  totalCostCents: cents,
  ivaCents: cents,
  ivaPercent: z.number(),
  depositCents: cents,
  chargedCents: cents,
  description: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  paidAt: instantSchema.nullable(),
  rentalStart: instantSchema.nullable(),
  rentalEnd: instantSchema.nullable(),
  invoiceId: z.string().nullable(),
  billedMinutes: int.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionLogSchema = z.object({
  id: int,
  transactionId: int,
  action: int,
  status: z.string(),
  details: z.string().nullable(),
  createdAt: instantSchema,
});
export type TransactionLog = z.infer<typeof transactionLogSchema>;
export const transactionDetailsSchema = z.object({
  transaction: transactionSchema,
  logs: z.array(transactionLogSchema),
  invoice: z.object({
    invoiceId: z.string().nullable(),
    lines: z.array(z.object({ label: z.string(), hours: int, amountCents: cents, discountCents: cents })),
    costCents: cents,
    ivaPercent: z.number(),
    ivaCents: cents,
    totalCostCents: cents,
    chargedCents: cents,
  }),
});
export type TransactionDetails = z.infer<typeof transactionDetailsSchema>;
/** The transactions list's filters and sort (issue #22): newest first unless sorted. */
export const TRANSACTION_SORT_COLUMNS = ['createdAt', 'reference', 'totalCostCents', 'chargedCents'] as const;
const transactionsFilterShape = {
  status: transactionStatusSchema.optional(),
  method: paymentMethodSchema.optional(),
  placeId: urlIdSchema.optional(),
  dateInterval: dateIntervalSchema.optional(),
  search: z.string().trim().max(100).optional(),
  ...sortQuery(TRANSACTION_SORT_COLUMNS, 'createdAt', 'desc'),
};
export const listTransactionsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...transactionsFilterShape,
});
/** GET api/marketplace/transactions/export: the filtered list as .xlsx or .csv. */
export const transactionsExportQuerySchema = z.object({ ...transactionsFilterShape, ...exportFields });
export type TransactionsExportQuery = z.output<typeof transactionsExportQuerySchema>;
export type TransactionsFilter = z.output<typeof listTransactionsQuerySchema>;
export type ListTransactionsQuery = z.input<typeof listTransactionsQuerySchema>;
export const transactionsReplySchema = z.object({
  transactions: z.array(transactionSchema),
  totalTransactions: int,
  totalIsLowerBound: totalIsLowerBoundSchema,
});
export type TransactionsReply = z.infer<typeof transactionsReplySchema>;
/** Admin edit: description (limited, 'Description too long') and invoice id. */
export const updateTransactionSchema = z.object({
  id: idSchema,
  description: z.string().nullable().optional(),
  invoiceId: z.string().trim().max(64).nullable().optional(),
  ...versionShape,
});

export const listLogsQuerySchema = z.object({ max_results: maxResultsSchema, offset: offsetSchema });
export const marketplaceLogSchema = z.object({
  id: int,
  adminName: z.string(),
  action: int,
  details: z.string().nullable(),
  createdAt: instantSchema,
});
export type MarketplaceLog = z.infer<typeof marketplaceLogSchema>;
export const marketplaceLogsReplySchema = z.object({ logs: z.array(marketplaceLogSchema), totalLogs: int });

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

/**
 * Webhook body from the payment provider, signed with its timestamp (WEBHOOK_SIGNATURE_HEADER).
 * `eventId`: the provider's id of this event, taken once (a replayed one is refused, issue #31).
 */
export const paymentWebhookSchema = z.object({
  eventId: z.string().trim().min(1).max(100),
  transactionId: z.string().min(1).max(100),
  status: z.enum(['authorised', 'held', 'paid', 'error', 'expired']),
  amountCents: z.number().int().min(0).optional(),
});
export type PaymentWebhook = z.infer<typeof paymentWebhookSchema>;
/** The webhook's answer: the transaction's status after the update. */
export const paymentWebhookReplySchema = z.object({
  transactionId: z.string(),
  status: transactionStatusSchema,
});
/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the webhookSecret
 * setting (the format of the partner webhooks' Cacifo-Signature). A signature whose `t` is more
 * than PAYMENT_WEBHOOK_TOLERANCE_SECONDS from the server's clock is refused (issue #31).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-cacifo-signature';
export const PAYMENT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** Screen (kiosk) to place binding. */
export const kioskBindingSchema = z.object({ adminId: idSchema, placeId: idSchema });
export const kioskBindingReplySchema = z.object({ adminId: int, placeId: int });
