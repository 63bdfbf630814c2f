import { defineCodes, type CodeOf } from './define.js';

/** Marketplace transaction status (SPEC §4). */
export const TRANSACTION_STATUS = {
  PENDING: 'pending',
  PAID: 'paid',
  PROCESSING: 'processing',
  TRANSFERRED: 'transferred',
  REFUNDED: 'refunded',
  CANCELED: 'canceled',
  EXPIRED: 'expired',
  ERROR: 'error',
  RETURNED: 'returned',
  CAPTIVE: 'captive',
} as const;
export const transactionStatus = defineCodes('transactionStatus', TRANSACTION_STATUS);
export type TransactionStatus = CodeOf<typeof TRANSACTION_STATUS>;

/** Transaction log actions 1-6 (SPEC §4). */
export const TRANSACTION_ACTION = {
  CARD_AUTHORISED: 1,
  MBWAY_AUTHORISED: 2,
  AMOUNT_HELD: 3,
  PAID: 4,
  ERROR: 5,
  EXPIRED: 6,
} as const;
export const transactionAction = defineCodes('transactionAction', TRANSACTION_ACTION);
export type TransactionAction = CodeOf<typeof TRANSACTION_ACTION>;

export const PAYMENT_METHOD = { CREDIT_CARD: 'creditCard', MBWAY: 'mbway' } as const;
export const paymentMethod = defineCodes('paymentMethod', PAYMENT_METHOD);
export type PaymentMethod = CodeOf<typeof PAYMENT_METHOD>;

/** Price pack types; each has its own /marketplace/{type} screen. */
export const PRICE_TYPE = {
  VISITOR: 'visitor',
  GUEST: 'guest',
  GROUP: 'group',
  HEALTH: 'health',
  OTHER: 'other',
} as const;
export const priceType = defineCodes('priceType', PRICE_TYPE);
export type PriceType = CodeOf<typeof PRICE_TYPE>;
