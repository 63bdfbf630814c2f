import { z } from 'zod';
import { versionShape } from '../versioning.js';
import { PAYMENT_METHOD, TRANSACTION_STATUS } from '../codes/transaction.js';
import { exportFields, sortQuery, totalIsLowerBoundSchema } from '../lists.js';
import { dateIntervalSchema, idSchema, maxResultsSchema, offsetSchema, urlIdSchema } from '../validation.js';
import { instantSchema } from './common.js';
import { replyCentsSchema as cents } from './marketplace-fields.js';

// The marketplace's money: transactions (list, details, edit), the marketplace log and the payment
// provider's webhook.

const transactionStatusSchema = z.enum(Object.values(TRANSACTION_STATUS) as [string, ...string[]]);
export const paymentMethodSchema = z.enum([PAYMENT_METHOD.CREDIT_CARD, PAYMENT_METHOD.MBWAY]);

const int = z.number().int();

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
