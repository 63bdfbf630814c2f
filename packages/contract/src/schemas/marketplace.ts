import { z } from 'zod';
import { PAYMENT_METHOD, PRICE_TYPE, TRANSACTION_STATUS } from '../codes/transaction.js';
import { MAX_PRICE_CENTS } from '../marketplace-pricing.js';
import {
  dateIntervalSchema,
  idSchema,
  maxResultsSchema,
  NAME_MAX,
  offsetSchema,
  percentageSchema,
  phoneSchema,
} from '../validation.js';

export * from '../marketplace-pricing.js';

/** 'HH:MM', 00:00 to 24:00. Opening equal to closing means open all day. */
export const marketplaceHourSchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'validation.hour');
export const marketplaceCentsSchema = z
  .number('validation.cents')
  .int('validation.cents')
  .min(0, 'validation.cents')
  .max(MAX_PRICE_CENTS, 'validation.cents');
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-9;
const percent2Schema = percentageSchema.refine(twoDecimals, 'validation.percentage');
export const marketplaceDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

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
  pendingMinutes: z.number().int().min(1).max(PENDING_MAX_MINUTES),
  ivaPercent: percent2Schema,
  captiveDepositCents: marketplaceCentsSchema,
  freeMode: z.boolean(),
});
export type MarketplaceSettings = z.infer<typeof marketplaceSettingsSchema>;
export const marketplaceSettingsReplySchema = marketplaceSettingsSchema.extend({
  safeTimeMinutes: z.number().int(),
  /** HMAC secret the payment provider signs its webhook calls with. */
  webhookSecret: z.string(),
  highestActivePriceCents: z.number().int(),
});
export type MarketplaceSettingsReply = z.infer<typeof marketplaceSettingsReplySchema>;

const priceTypeSchema = z
  .enum(Object.values(PRICE_TYPE) as [string, ...string[]])
  .transform((v) => v as PriceTypeValue);
type PriceTypeValue = (typeof PRICE_TYPE)[keyof typeof PRICE_TYPE];

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
export const updatePricePackSchema = pricePackBase.extend({ id: idSchema }).refine(onePrice, {
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
export const listPricePacksQuerySchema = z.object({ type: priceTypeSchema.optional() });
export const marketplaceEnabledSchema = z.object({ id: idSchema, enabled: z.boolean() });
export const marketplaceIdParamsSchema = z.object({ id: idSchema });

/** Voucher (SPEC §3). Percentage value 0-100; fixed value in cents. */
const voucherBase = z.object({
  title: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  code: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(VOUCHER_CODE_PATTERN, 'validation.voucherCode')),
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
export const updateVoucherSchema = voucherBase.extend({ id: idSchema }).superRefine(voucherRules);
export type UpdateVoucher = z.input<typeof updateVoucherSchema>;
export const voucherSchema = voucherBase.extend({
  id: z.number().int(),
  uses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

const transactionStatusSchema = z.enum(Object.values(TRANSACTION_STATUS) as [string, ...string[]]);
const paymentMethodSchema = z.enum([PAYMENT_METHOD.CREDIT_CARD, PAYMENT_METHOD.MBWAY]);

/** Transaction (SPEC §3), every field; money in cents, billed time in minutes. */
export interface Transaction {
  id: number;
  rentalId: number | null;
  kind: 'rental' | 'extension';
  reference: string;
  identifier: string | null;
  transactionId: string | null;
  phone: string | null;
  placeId: number | null;
  placeName: string | null;
  lockerId: number | null;
  doorNumber: number | null;
  method: 'creditCard' | 'mbway' | null;
  status: string;
  packId: number | null;
  packName: string | null;
  hours: number;
  voucherCode: string | null;
  amountCents: number;
  discountCents: number;
  costCents: number;
  totalCostCents: number;
  ivaCents: number;
  ivaPercent: number;
  depositCents: number;
  chargedCents: number;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  rentalStart: string | null;
  rentalEnd: string | null;
  invoiceId: string | null;
  billedMinutes: number | null;
}
export interface TransactionLog {
  id: number;
  transactionId: number;
  action: number;
  status: string;
  details: string | null;
  createdAt: string;
}
export interface TransactionDetails {
  transaction: Transaction;
  logs: TransactionLog[];
  invoice: {
    invoiceId: string | null;
    lines: Array<{ label: string; hours: number; amountCents: number; discountCents: number }>;
    costCents: number;
    ivaPercent: number;
    ivaCents: number;
    totalCostCents: number;
    chargedCents: number;
  };
}
export const listTransactionsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  status: transactionStatusSchema.optional(),
  method: paymentMethodSchema.optional(),
  placeId: idSchema.optional(),
  dateInterval: dateIntervalSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type ListTransactionsQuery = z.input<typeof listTransactionsQuerySchema>;
export interface TransactionsReply {
  transactions: Transaction[];
  totalTransactions: number;
}
/** Admin edit: description (limited, 'Description too long') and invoice id. */
export const updateTransactionSchema = z.object({
  id: idSchema,
  description: z.string().nullable().optional(),
  invoiceId: z.string().trim().max(64).nullable().optional(),
});

export interface MarketplaceOverview {
  revenue: { todayCents: number; last30DaysCents: number; totalCents: number };
  /** Revenue per Lisbon day over the last 30 days, oldest first, days without revenue included. */
  daily: Array<{ date: string; cents: number }>;
  transactions: { paid: number; pending: number; failed: number };
  occupancy: Array<{
    placeId: number;
    placeName: string;
    lockers: number;
    occupied: number;
    available: number;
  }>;
  activeRentals: Rental[];
}
export const listLogsQuerySchema = z.object({ max_results: maxResultsSchema, offset: offsetSchema });
export interface MarketplaceLog {
  id: number;
  adminName: string;
  action: number;
  details: string | null;
  createdAt: string;
}

/** Rentals: the kiosk's unit of work; its transactions carry the money. */
export const RENTAL_STATUS = {
  PENDING: 'pending',
  ACTIVE: 'active',
  ENDED: 'ended',
  CANCELED: 'canceled',
} as const;
export type RentalStatus = (typeof RENTAL_STATUS)[keyof typeof RENTAL_STATUS];
export interface Rental {
  id: number;
  placeId: number;
  lockerId: number;
  doorNumber: number;
  size: string;
  status: RentalStatus;
  phone: string | null;
  method: 'creditCard' | 'mbway' | null;
  startedAt: string | null;
  endsAt: string | null;
  safeUntil: string | null;
  endedAt: string | null;
  pendingUntil: string;
  depositCents: number;
  overdue: boolean;
  transactions: Transaction[];
}

/** Kiosk: what the screen shows before a choice. */
export interface KioskCatalog {
  placeId: number;
  placeName: string;
  open: { park: boolean; guest: boolean };
  freeMode: boolean;
  depositCents: number;
  available: Record<string, number>;
  packs: PricePack[];
}
export const kioskQuoteSchema = z.object({
  packId: idSchema,
  voucherCode: z.string().trim().max(32).optional(),
});
/** Sandbox: cardToken 'tok_error' / 'tok_expired' force those outcomes (docs in payments). */
const paymentFields = {
  method: paymentMethodSchema.optional(),
  phone: phoneSchema.optional(),
  cardToken: z.string().trim().min(1).max(100).optional(),
};
export const kioskRentSchema = kioskQuoteSchema.extend({
  ...paymentFields,
  size: z.enum(['XS', 'S', 'M', 'L']).optional(),
});
export type KioskRentRequest = z.input<typeof kioskRentSchema>;
export const kioskExtendSchema = kioskQuoteSchema.extend(paymentFields);

/** Webhook body from the payment provider (signed, HMAC-SHA256 over the raw body). */
export const paymentWebhookSchema = z.object({
  transactionId: z.string().min(1).max(100),
  status: z.enum(['authorised', 'held', 'paid', 'error', 'expired']),
  amountCents: z.number().int().min(0).optional(),
});
export type PaymentWebhook = z.infer<typeof paymentWebhookSchema>;
export const WEBHOOK_SIGNATURE_HEADER = 'x-cacifo-signature';

/** Screen (kiosk) to place binding. */
export const kioskBindingSchema = z.object({ adminId: idSchema, placeId: idSchema });
