import { z } from 'zod';
import { versionShape } from '../versioning.js';
import { MAX_PRICE_CENTS } from '../marketplace-pricing.js';
import { sortQuery } from '../lists.js';
import { idSchema, NAME_MAX } from '../validation.js';
import {
  marketplaceCentsSchema,
  marketplaceDateSchema,
  PACK_HOURS_MAX,
  priceTypeSchema,
  twoDecimals,
  VOUCHER_CODE_PATTERN,
} from './marketplace-fields.js';

// The marketplace's price packs and vouchers: their forms, replies and lists.

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
