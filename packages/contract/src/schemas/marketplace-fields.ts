import { z } from 'zod';
import { PRICE_TYPE } from '../codes/transaction.js';
import { MAX_PRICE_CENTS } from '../marketplace-pricing.js';
import { percentageSchema } from '../validation.js';

// Field forms and limits the marketplace schemas share (marketplace.ts and its marketplace-*.ts parts).

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
export const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-9;
export const percent2Schema = percentageSchema.refine(twoDecimals, 'validation.percentage');
export const marketplaceDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .meta({ examples: ['2026-03-01'] });

export const SAFE_TIME_MAX_MINUTES = 1440;
export const PENDING_MAX_MINUTES = 120;
export const PACK_HOURS_MAX = 720;
export const TRANSACTION_DESCRIPTION_MAX = 255;
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

/** Money in cents as the replies carry it (transactions, rentals, the kiosk's quotes). */
export const replyCentsSchema = z.number().int().meta({ description: 'Money in cents' });
export const priceTypeSchema = z.enum(PRICE_TYPE);
