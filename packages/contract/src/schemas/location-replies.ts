import { z } from 'zod';
import {
  deliveryType,
  doorStatus,
  lockerEnabled,
  lockerStatus,
  LOCATION_MODE,
  PLACE_TYPE,
} from '../codes/locker.js';
import { assetStatus } from '../codes/asset.js';
import { doorOpenResultSchema, instantSchema, namedRefSchema } from './common.js';
import { RENTAL_HOLDING_STATUSES } from './marketplace.js';

/*
 * Location, locker and alert replies (SPEC §3 and §7): the JSON as it travels, one zod schema each
 * with its type derived. Requests are in locations.ts, which re-exports these.
 */

const id = z.number().int();
const count = z.number().int().min(0);

/** Place (SPEC §3) with the live counts the overview screens show. */
export const placeViewSchema = z.object({
  id,
  name: z.string(),
  type: z.enum(PLACE_TYPE),
  systemType: z.string(),
  address: z.string().nullable(),
  mode: z.enum(LOCATION_MODE),
  /** Deposits and pickups open the wall's exterior door first (order states 16 and 17). */
  exteriorDoor: z.boolean(),
  lockers: count,
  available: count,
  occupied: count,
  open: count,
  alerts: count,
  offline: count,
  disabled: count,
  updatedAt: instantSchema,
});
export type PlaceView = z.infer<typeof placeViewSchema>;

/** Someone a locker belongs to, shown by name. */
export const lockerUserRefSchema = namedRefSchema;
export type LockerUserRef = z.infer<typeof lockerUserRefSchema>;

/** Locker (SPEC §3) as tiles and lists read it. */
export const lockerViewSchema = z.object({
  id,
  placeId: id,
  doorNumber: z.number().int(),
  size: z.string(),
  status: z.literal(lockerStatus.values),
  doorStatus: z.literal(doorStatus.values),
  enabled: z.literal(lockerEnabled.values),
  accessibility: z.boolean(),
  doorStatusUpdatedAt: instantSchema.nullable(),
  expirationDateTime: instantSchema.nullable(),
  locker_users: z.array(lockerUserRefSchema),
  /** The parcel the locker holds (delivery lockers), for the tile's time chip. */
  activeDelivery: z
    .object({
      deliveryType: z.literal(deliveryType.values),
      storedAt: instantSchema.nullable(),
      orderId: id.optional(),
      packageId: z.string().optional(),
    })
    .nullable(),
  /** Groups whose members share this locker (docs/adr/0070: every holder is shown). */
  lockerGroups: z.array(lockerUserRefSchema),
  /** The asset stored in this locker, on its way in, or keeping it (a fixed asset that is out). */
  asset: z.object({ id, name: z.string(), status: z.literal(assetStatus.values) }).nullable(),
  /** The marketplace rental holding this locker: waiting for payment, or running. */
  rental: z
    .object({ id, status: z.enum(RENTAL_HOLDING_STATUSES), endsAt: instantSchema.nullable() })
    .nullable(),
  /** Tags the door's RFID reader sees now (issue #32): while there is one the locker is not free. */
  tagsSeen: z.array(z.string()),
});
export type LockerView = z.infer<typeof lockerViewSchema>;

/** SPEC §3 alert locker. */
export const alertLockerSchema = z.object({
  id,
  location_id: id,
  location_name: z.string(),
  place_id: id,
  place_name: z.string(),
  users: z.array(lockerUserRefSchema),
  doorNumber: z.number().int(),
  doorStatus: z.literal(doorStatus.values),
  doorStatusUpdatedAt: instantSchema.nullable(),
  accessibility: z.boolean(),
  expiration_date_time: instantSchema.nullable(),
  status: z.literal(lockerStatus.values),
  size: z.string(),
  enabled: z.literal(lockerEnabled.values),
  /** Who acknowledged this alert (the one under way, not an earlier one), or null (issue #27). */
  acknowledged: z
    .object({ by: z.string(), at: instantSchema, note: z.string().nullable() })
    .nullable()
    .optional(),
});
export type AlertLocker = z.infer<typeof alertLockerSchema>;
/** POST /api/julian/alerts/:id/acknowledge: an optional note says what was done or found. */
export const acknowledgeAlertSchema = z.object({
  note: z.string().trim().max(500, 'validation.tooLong').optional(),
});

export const placesReplySchema = z.object({ places: z.array(placeViewSchema), totalPlaces: count });
export type PlacesReply = z.infer<typeof placesReplySchema>;
export const placeReplySchema = z.object({ Place: placeViewSchema });
/** The grid of one place: the place with its counts and every locker. */
export const lockersByPlaceReplySchema = z.object({
  Place: placeViewSchema,
  Lockers: z.array(lockerViewSchema),
});
export type LockersByPlaceReply = z.infer<typeof lockersByPlaceReplySchema>;
/** A mode switch: the place as it is now and the outcome of each door it opened. */
export const placeModeReplySchema = z.object({
  Place: placeViewSchema,
  results: z.array(doorOpenResultSchema),
});
export type PlaceModeReply = z.infer<typeof placeModeReplySchema>;

const analyticsWindowSchema = z.object({ doorOpenings: count, alerts: count, activeUsers: count });

/** GET api/julian/dashboard/place/{id}: analytics computed from recorded door events. */
export const placeAnalyticsSchema = z.object({
  placeId: id,
  windows: z.object({
    last15Days: analyticsWindowSchema,
    last30Days: analyticsWindowSchema,
    last1Year: analyticsWindowSchema,
  }),
  /** Openings per hour of day (0-23) and per weekday (0 Sunday - 6) over the last 30 days. */
  doorOpeningsDistribution: z.object({ byHour: z.array(count), byWeekday: z.array(count) }),
  /** Top 10 users by openings over the last 30 days. */
  doorOpeningsPerUser: z.array(z.object({ userId: id, name: z.string(), openings: count })),
  users: count,
  lockers: z.object({
    total: count,
    bySize: z.record(z.string(), count),
    available: count,
    occupied: count,
  }),
  reports: z.object({
    alerts: count,
    openedWithoutCommand: count,
    jammed: count,
    leftOpen: count,
    failedCommands: count,
  }),
  /** Daily openings: the last 30 days and the 30 before (the 60-day comparison). */
  comparison: z.object({
    current: z.array(count),
    previous: z.array(count),
    currentTotal: count,
    previousTotal: count,
  }),
});
export type PlaceAnalytics = z.infer<typeof placeAnalyticsSchema>;

/** The sidebar badge: doors in alert (1, 3, 11). */
export const alertCountSchema = z.object({ count });
export const alertsReplySchema = z.object({ alerts: z.array(alertLockerSchema), totalAlerts: count });
export type AlertsReply = z.infer<typeof alertsReplySchema>;
export const expiredCountsSchema = z.object({ office: count, delivery: count });
export type ExpiredCounts = z.infer<typeof expiredCountsSchema>;
export const openedOrAlertCountsSchema = z.object({ opened: count, alerts: count, total: count });
export type OpenedOrAlertCounts = z.infer<typeof openedOrAlertCountsSchema>;
/** SPEC: Data.office and Data.delivery, each keyed by location name; a half the role may not see is empty. */
export const expiredLockersByPlaceSchema = z.object({
  office: z.record(z.string(), z.array(alertLockerSchema)),
  delivery: z.record(z.string(), z.array(alertLockerSchema)),
});
