import { z } from 'zod';
import { orderState } from '../codes/order.js';
import { lockerSize, type LockerSize } from '../codes/locker.js';
import { CONTENT_LANGUAGES } from '../codes/content.js';
import { instantSchema, localDateSchema } from './common.js';
import { orderMessageSchema } from './messages.js';
import { totalIsLowerBoundSchema } from '../lists.js';

/*
 * Delivery order replies (SPEC §3 and §7): the JSON as it travels, one zod schema each with its type
 * derived. Requests are in orders.ts, which re-exports these.
 */

const id = z.number().int();
const count = z.number().int().min(0);
/** An order state (1-17) as replies carry it. */
const orderStateValue = z.literal(orderState.values);

/** Counts per locker size; the `satisfies` keeps the keys those of the size table. */
export const sizeCountsSchema = z.object({
  XS: count,
  S: count,
  M: count,
  L: count,
} satisfies Record<LockerSize, typeof count>);
export type SizeCounts = z.infer<typeof sizeCountsSchema>;

export const assignedLockerSchema = z.object({
  id,
  /** The door number (SPEC's name for it); `doorNumber` repeats it. */
  number: z.number().int(),
  size: z.string(),
  locationId: id,
  locationName: z.string(),
  doorNumber: z.number().int(),
  /** The locker's enabled code (0 disabled, 1 enabled, 3 cleaning): staff see the action that applies. */
  enabled: z.number().int(),
});
export type AssignedLocker = z.infer<typeof assignedLockerSchema>;

export const orderLogSchema = z.object({
  id,
  orderId: id,
  packageId: z.string(),
  /** The state the action led to (SPEC names log rows by it: "Resend SMS", "Archived"...). */
  actionId: z.number().int(),
  /** An order action of the state machine, or `create`. */
  action: z.string().meta({ examples: ['assignLocker'] }),
  fromState: orderStateValue.nullable(),
  state: orderStateValue,
  adminId: id.nullable(),
  /** The staff or kiosk account, or `system` for a door closing or a sweep. */
  adminName: z.string(),
  description: z.string().nullable(),
  createdAt: instantSchema,
});
export type OrderLog = z.infer<typeof orderLogSchema>;

/** Order (SPEC §3). */
export const orderSchema = z.object({
  id,
  createdAt: instantSchema,
  createdBy: z.string(),
  deliveryType: z.number().int(),
  packageId: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  recipientPhone: z.string(),
  recipientNumber: z.string(),
  /** The language of the recipient's messages; null: the service's default. */
  recipientLanguage: z.enum(CONTENT_LANGUAGES).nullable(),
  state: orderStateValue,
  archived: z.boolean(),
  /** The store company that owns the order; null for orders made by operators. */
  company: z.string().nullable(),
  pickUpAt: instantSchema.nullable(),
  storedAt: instantSchema.nullable(),
  updatedAt: instantSchema,
  assignedLocker: assignedLockerSchema.nullable(),
  /** The locker size the partner sent with the parcel (partner API `size`); null when none was. */
  parcelSize: z.enum(lockerSize.values).nullable(),
  /** The delivery location the partner sent the parcel to (partner API `locationId`); null for any. */
  targetLocationId: z.number().int().nullable(),
  /** When the pickup window of a stored package closes (the package then waits to be returned). */
  expiresAt: instantSchema.nullable(),
  /** The order's history, oldest first: only in the reply about one order. */
  logs: z.array(orderLogSchema).optional(),
  /** The messages sent about it (SMS, e-mail), oldest first: only in the reply about one order. */
  messages: z.array(orderMessageSchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const listOrdersReplySchema = z.object({
  deliveries: z.array(orderSchema),
  totalDeliveries: count,
  /** True when a text search matched more than SEARCH_COUNT_CAP orders: the total is the cap. */
  totalIsLowerBound: totalIsLowerBoundSchema,
});
export type ListOrdersReply = z.infer<typeof listOrdersReplySchema>;

export const orderLogsReplySchema = z.object({
  logs: z.array(orderLogSchema),
  totalLogs: count,
  /** A package id or actor search counted past SEARCH_COUNT_CAP: `totalLogs` is the cap. */
  totalIsLowerBound: totalIsLowerBoundSchema,
});
export type OrderLogsReply = z.infer<typeof orderLogsReplySchema>;

/** GET api/julian/deliveryLockers: delivery places with free lockers by size. */
export const deliveryPlaceSchema = z.object({ id, name: z.string(), availableLockers: sizeCountsSchema });
export type DeliveryPlace = z.infer<typeof deliveryPlaceSchema>;

export const deliveryLockerSchema = z.object({
  id,
  placeId: id,
  placeName: z.string(),
  doorNumber: z.number().int(),
  size: z.string(),
  status: z.number().int(),
  doorStatus: z.number().int(),
  enabled: z.number().int(),
  accessibility: z.number().int(),
  /** The parcel the locker holds; null when empty, or when it is another company's. */
  activeDelivery: z
    .object({
      orderId: id,
      packageId: z.string(),
      state: orderStateValue,
      deliveryType: z.number().int(),
      storedAt: instantSchema.nullable(),
    })
    .nullable(),
});
export type DeliveryLocker = z.infer<typeof deliveryLockerSchema>;

export const lockersEnabledReplySchema = z.object({ lockerIds: z.array(id), enabled: z.boolean() });

export const deliveryAnalyticsSchema = z.object({
  from: localDateSchema,
  to: localDateSchema,
  totals: z.object({
    created: count,
    stored: count,
    delivered: count,
    canceled: count,
    waiting: count,
    expired: count,
  }),
  /** One row per day of the window, oldest first. */
  perDay: z.array(z.object({ date: localDateSchema, created: count, stored: count, delivered: count })),
  bySize: sizeCountsSchema,
  averagePickupHours: z.number().nullable(),
  occupancy: z.object({ lockers: count, occupied: count, available: count }),
});
export type DeliveryAnalytics = z.infer<typeof deliveryAnalyticsSchema>;

const kioskParcelSchema = z.object({
  orderId: id,
  packageId: z.string(),
  doorNumber: z.number().int().nullable(),
  state: orderStateValue,
});
/**
 * The screen role's kiosk pickup: the door opened, the order waits for it to close. One code opens
 * every parcel of the same recipient at the place (`parcels`, the first repeated at the top level),
 * and a return code opens an expired parcel for the courier (`kind: return`).
 */
export const kioskPickupReplySchema = kioskParcelSchema.extend({
  kind: z.enum(['pickup', 'return']),
  parcels: z.array(kioskParcelSchema),
});
export type KioskPickupReply = z.infer<typeof kioskPickupReplySchema>;

export const importRowReportSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int(),
  /** The row's cells by field, normalised when the row is valid. */
  data: z.record(z.string(), z.unknown()),
  /** Field -> translation key of what is wrong with it; empty when the row is valid. */
  errors: z.record(z.string(), z.string()),
  /** Valid, but an order with its package id exists already (it is skipped). */
  duplicate: z.boolean(),
});
export type ImportRowReport = z.infer<typeof importRowReportSchema>;
export const importPreviewSchema = z.object({
  rows: z.array(importRowReportSchema),
  valid: count,
  invalid: count,
  duplicates: count,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importResultSchema = z.object({
  created: count,
  skipped: count,
  invalid: count,
  rows: z.array(importRowReportSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
/**
 * How far an import is (GET importOrders/progress): rows read from the file, rows checked, orders
 * written. `null` when this server knows no import by that id (not started yet, long finished, or
 * run by another instance).
 */
export const importProgressSchema = z
  .object({
    phase: z.enum(['reading', 'checking', 'writing', 'done', 'failed']),
    /** Data rows read from the file (the header not counted); known once the file is parsed. */
    rowsRead: count,
    rowsChecked: count,
    /** Orders written so far (submit only). */
    rowsWritten: count,
    /** Orders the submit will write, once known. */
    rowsToWrite: count,
  })
  .nullable();
export type ImportProgress = z.infer<typeof importProgressSchema>;
