import { z } from 'zod';
import { versionShape } from '../versioning.js';
import { orderState, type OrderState } from '../codes/order.js';
import { DELIVERY_TYPE, deliveryType, lockerSize, type LockerSize } from '../codes/locker.js';
import { CONTENT_LANGUAGES } from '../codes/content.js';
import { bulkIdsSchema, EXPORT_LANGUAGES, exportFields, sortQuery } from '../lists.js';
import {
  dateIntervalSchema,
  phoneSchema,
  idSchema,
  pinSchema,
  maxResultsSchema,
  offsetSchema,
  urlIdSchema,
  urlIntSchema,
} from '../validation.js';

/** SPEC §5: "Creating an order sends the recipient name as a fixed constant." */
export const ORDER_RECIPIENT_NAME = 'Cliente';
/** A package waiting longer than this is an expired delivery locker (the time chip turns orange). */
export const ORDER_EXPIRED_AFTER_DAYS = 10;
/** Pickup codes sent by SMS: digits only, so they can be typed on the kiosk keypad. */
export const PICKUP_PIN_DIGITS = 6;
export const PACKAGE_ID_MAX = 64;
export const IMPORT_ROWS_MAX = 10_000;

/** An order state: a code, or its digits in a query string; no coercion (issue #31). */
const orderStateSchema = urlIntSchema(0, 99).refine(
  (v) => orderState.has(v),
  'validation.orderState',
) as unknown as z.ZodType<OrderState>;
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
  id: z.number().int().min(0).optional(),
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
  deliveryType: z
    .number()
    .int()
    .refine((v) => deliveryType.has(v), 'validation.deliveryType')
    .optional()
    .default(DELIVERY_TYPE.PACKAGE),
});
export type OrderInput = z.input<typeof orderInputSchema>;
/** PUT api/delivery/order: the same fields plus id. */
export const orderUpdateSchema = orderInputSchema.extend({ id: idSchema, ...versionShape });
export const orderDeleteSchema = z.object({ packageId: packageIdSchema });

/** GET api/delivery/order: by packageId (SPEC) or by id (detail pages). */
export const orderQuerySchema = z
  .object({ packageId: packageIdSchema.optional(), id: urlIdSchema.optional() })
  .refine((q) => q.packageId !== undefined || q.id !== undefined, 'validation.required');

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * `state` arrives as a comma list (`1,2,3`) or repeated (`state=1&state=2`); the web's typed client
 * may pass the codes themselves (numbers), which travel the same way.
 */
const stateListSchema = z
  .union([
    z.string(),
    z.number().int(),
    z.array(z.union([z.string().regex(/^\d{1,3}$/), z.number().int()])).readonly(),
  ])
  .transform((v) => (Array.isArray(v) ? v.join(',') : String(v)))
  .pipe(z.string().regex(/^\d{1,3}(,\d{1,3})*$/, 'validation.orderState'))
  .transform((s) => s.split(',').map(Number))
  .refine((list) => list.every((n) => orderState.has(n)), 'validation.orderState');

/** The columns the order lists sort by on the server (issue #22, the contract's whitelist). */
export const ORDER_SORT_COLUMNS = ['createdAt', 'storedAt', 'updatedAt', 'packageId', 'state'] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/**
 * The filters every order list offers (issue #22): states, archive flag, a text search, the
 * location, the store (company), the delivery type, created and stored date ranges (UTC days, both
 * included), and `expired` (waiting for pickup longer than ORDER_EXPIRED_AFTER_DAYS).
 */
const ordersFilterShape = {
  state: stateListSchema.optional(),
  archived: booleanQuery.optional(),
  search: z.string().trim().max(100).optional(),
  placeId: urlIdSchema.optional(),
  company: z.string().trim().min(1).max(100).optional(),
  // Digits or a code, as any whole number in a query (issue #31: coerced, ' 1' and '1e0' were 1).
  deliveryType: urlIntSchema(1, 99)
    .refine((v) => deliveryType.has(v), 'validation.deliveryType')
    .optional(),
  createdAtInterval: dateIntervalSchema.optional(),
  storedAtInterval: dateIntervalSchema.optional(),
  expired: booleanQuery.optional(),
};
const paged = { max_results: maxResultsSchema, offset: offsetSchema };

/** GET api/delivery/listOrders (SPEC §7), paged on the server; newest first unless sorted. */
export const listOrdersQuerySchema = z.object({
  ...paged,
  ...ordersFilterShape,
  ...sortQuery(ORDER_SORT_COLUMNS, 'createdAt', 'desc'),
});
export type ListOrdersQuery = z.input<typeof listOrdersQuerySchema>;
export type OrdersFilter = z.output<typeof listOrdersQuerySchema>;
/** GET api/delivery/expiredLockers: the same filters, oldest deposit first unless sorted. */
export const expiredOrdersQuerySchema = z.object({
  ...paged,
  ...ordersFilterShape,
  ...sortQuery(ORDER_SORT_COLUMNS, 'storedAt', 'asc'),
});
/** GET api/delivery/myOrders (the courier's list): the same filters, last changed first. */
export const myOrdersQuerySchema = z.object({
  ...paged,
  ...ordersFilterShape,
  ...sortQuery(ORDER_SORT_COLUMNS, 'updatedAt', 'desc'),
});
/** GET api/delivery/listOrders/export: the filtered list as .xlsx or .csv. */
export const ordersExportQuerySchema = z.object({
  ...ordersFilterShape,
  ...sortQuery(ORDER_SORT_COLUMNS, 'createdAt', 'desc'),
  ...exportFields,
});
export type OrdersExportQuery = z.output<typeof ordersExportQuerySchema>;
/** Bulk actions of the order lists: each row runs the single staff action. */
export const ORDER_BULK_ACTIONS = ['archive', 'resendSms', 'cancel'] as const;
export type OrderBulkAction = (typeof ORDER_BULK_ACTIONS)[number];
export const ordersBulkSchema = z.object({ action: z.enum(ORDER_BULK_ACTIONS), ids: bulkIdsSchema });
export type OrdersBulkRequest = z.input<typeof ordersBulkSchema>;

export const assignLockerQuerySchema = z.object({
  locationId: urlIdSchema,
  /** Checked by the server so that a missing size answers `selectSize` ('Please select size'). */
  size: z.string().trim().max(4).optional(),
  packageId: packageIdSchema,
});
export const packageIdQuerySchema = z.object({ packageId: packageIdSchema });
export const orderIdBodySchema = z.object({ orderId: idSchema });
/** A parcel label or pickup slip (PDF) of one order, its texts in the operator's language. */
export const orderPrintQuerySchema = z.object({
  orderId: urlIdSchema,
  language: z.enum(EXPORT_LANGUAGES).default('pt'),
});
export const PDF_CONTENT_TYPE = 'application/pdf';
export const releaseLockerBodySchema = z.object({ orderId: idSchema, pin: pinSchema });
export const lockersEnabledBodySchema = z.object({
  lockerIds: z.array(idSchema).min(1).max(500),
  enabled: z.boolean(),
});
export const deliveryLockersQuerySchema = z.object({ locationId: urlIdSchema.optional() });
export const orderLogsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  orderId: urlIdSchema.optional(),
  packageId: z.string().trim().max(PACKAGE_ID_MAX).optional(),
  actionId: urlIntSchema().optional(),
  /** Who acted: part of the staff account's name (or `system`), any case. */
  actor: z.string().trim().max(100).optional(),
  createdAtInterval: dateIntervalSchema.optional(),
  ...sortQuery(['createdAt'], 'createdAt', 'desc'),
});
export type OrderLogsQuery = z.input<typeof orderLogsQuerySchema>;
export const pagedQuerySchema = z.object({ max_results: maxResultsSchema, offset: offsetSchema });
export const analyticsQuerySchema = z.object({
  locationId: urlIdSchema.optional(),
  dateRange: dateIntervalSchema.optional(),
});
/** The screen role's kiosk pickup: the SMS code typed on the keypad, or the QR payload scanned. */
export const kioskPickupBodySchema = z
  .object({
    /** The screen's own place; optional, and refused when it names any other (issue #20). */
    placeId: idSchema.optional(),
    pin: z
      .string()
      .regex(new RegExp(`^\\d{${PICKUP_PIN_DIGITS}}$`), 'validation.pickupPin')
      .optional(),
    // The code, or the pickup page's link that carries it (a QR of the link): the server takes the
    // code out of it (pickupQrPayload).
    qrCode: z.string().trim().min(8).max(1000).optional(),
  })
  .refine((b) => (b.pin === undefined) !== (b.qrCode === undefined), 'validation.pinOrQr')
  // One of the two, as a kiosk sends it (a generated sample would carry both).
  .meta({ examples: [{ placeId: 2, pin: '482913' }] });

/**
 * The pickup code a kiosk's QR reader read: the code itself, or the recipient's pickup page link
 * that carries it (`https://…/pickup/qr?c=<code>`, from the message or a QR made of it), whose `c`
 * is the code. Anything else is the text as read, trimmed.
 */
export function pickupQrPayload(text: string): string {
  const read = text.trim();
  const match =
    /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+(?:\/[^?#\s]*)?\/pickup\/qr\/?\?(?:[^#\s]*&)?c=([^&#\s]+)/i.exec(read);
  if (!match) return read;
  try {
    return decodeURIComponent(match[1]!).trim();
  } catch {
    return read;
  }
}

/** One import row as read from the file, before validation (header names are matched loosely). */
export const importOrderRowSchema = orderInputSchema.omit({ id: true });
/** The order fields an import column can hold, in the order a template lists them. */
export const IMPORT_FIELDS = [
  'packageId',
  'recipientPhone',
  'recipientNumber',
  'recipientEmail',
  'recipientName',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Fields every import file must have a column for. */
export const REQUIRED_IMPORT_FIELDS = ['packageId', 'recipientPhone'] as const satisfies ImportField[];

/**
 * The query of an import upload. `columns`: the person's mapping, one entry per column of the file
 * in order, comma-separated, each an order field or empty to leave the column out
 * (`packageId,,recipientPhone`); unset, the headers are matched by name. `progress`: an id the
 * client picks to follow the import at GET importOrders/progress.
 */
export const importQuerySchema = z.object({
  columns: z
    .string()
    .max(2000)
    .transform((s) => s.split(',').map((c) => c.trim()))
    .refine(
      (cols) => cols.every((c) => c === '' || (IMPORT_FIELDS as readonly string[]).includes(c)),
      'validation.importField',
    )
    .refine((cols) => {
      const used = cols.filter((c) => c !== '');
      return new Set(used).size === used.length;
    }, 'validation.importFieldTwice')
    .optional(),
  progress: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalid')
    .optional(),
});
export const importProgressQuerySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalid'),
});

export const importSubmitSchema = z.object({
  orders: z.array(z.unknown()).min(1).max(IMPORT_ROWS_MAX),
});

export * from './order-replies.js';
export { ORDER_LIST_VARIANTS, type OrderListVariant } from '../codes/order.js';
export { orderStateSchema, sizeSchema as orderSizeSchema };
