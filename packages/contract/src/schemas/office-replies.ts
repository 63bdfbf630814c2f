import { z } from 'zod';
import { ACCESS_REASON, USER_STATUS, USER_TYPE, WEEKDAYS } from '../codes/office.js';
import { instantSchema, localDateSchema, namedRefSchema, zeroOrOne } from './common.js';
import { totalIsLowerBoundSchema } from '../lists.js';

/*
 * Office replies (SPEC §3 and §7): the JSON as it travels, one zod schema each with its type
 * derived. Requests are in office.ts, which re-exports these.
 */

const count = z.number().int().min(0);

/** A locker as the office screens list it (a user's or a group's lockers). */
export const userLockerRefSchema = z.object({
  id: z.number().int(),
  doorNumber: z.number().int(),
  size: z.string(),
  placeId: z.number().int(),
  placeName: z.string(),
  expiresAt: instantSchema.nullable(),
});
export type UserLockerRef = z.infer<typeof userLockerRefSchema>;

/** A locker user as every office reply shows it (SPEC §3). */
export const lockerUserSchema = z.object({
  id: z.number().int(),
  enabled: zeroOrOne,
  name: z.string(),
  number: z.string().nullable(),
  card_number: z.string().nullable(),
  ccms: z.string().nullable(),
  name_ccms: z.string().nullable(),
  phone_number: z.string().nullable(),
  numberPrefix: z.string().nullable(),
  login: z.string().nullable(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  project: z.string().nullable(),
  invoice: z.string().nullable(),
  nif: z.string().nullable(),
  email: z.string().nullable(),
  card: z.string().nullable(),
  /** Never the PIN itself: `****` when one is set. */
  pin: z.literal('****').nullable(),
  obs: z.string().nullable(),
  status: z.enum(USER_STATUS),
  validUntil: instantSchema.nullable(),
  userType: z.enum(USER_TYPE),
  country: z.string().nullable(),
  lockers: z.array(userLockerRefSchema),
  assets: z.array(namedRefSchema),
  groups: z.array(namedRefSchema),
  schedules: z.array(namedRefSchema),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type LockerUser = z.infer<typeof lockerUserSchema>;
export const usersReplySchema = z.object({
  users: z.array(lockerUserSchema),
  totalUsers: z.number().int(),
  totalIsLowerBound: totalIsLowerBoundSchema,
});
export type UsersReply = z.infer<typeof usersReplySchema>;

/** User KPIs (SPEC §3), computed from door events. Times in seconds. */
export const windowCountsSchema = z.object({
  last1Year: count,
  last15Days: count,
  last30Days: count,
  total: count,
});
export type WindowCounts = z.infer<typeof windowCountsSchema>;
export const userKpisSchema = z.object({
  recentActions: z.array(
    z.object({
      id: z.number().int(),
      at: instantSchema,
      placeName: z.string().nullable(),
      doorNumber: z.number().int(),
      doorStatus: z.number().int(),
      commanded: zeroOrOne,
    }),
  ),
  /** One row per day of the last 30 days, oldest first: openings and alerts. */
  reports: z.array(z.object({ date: localDateSchema, openings: count, alerts: count, secondsOpen: count })),
  timeSpentWithDoorOpen: z.object({ last1Year: count, last30Days: count }),
  doorOpenings: windowCountsSchema,
  doorAlerts: windowCountsSchema,
});
export type UserKpis = z.infer<typeof userKpisSchema>;

export const userGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  lockers: z.array(userLockerRefSchema),
  users: z.array(namedRefSchema),
  schedules: z.array(namedRefSchema),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type UserGroup = z.infer<typeof userGroupSchema>;
export const userGroupsReplySchema = z.object({
  groups: z.array(userGroupSchema),
  totalGroups: z.number().int(),
});
export type UserGroupsReply = z.infer<typeof userGroupsReplySchema>;

/** A schedule as the replies show it: its fields as saved, with the names of what it links. */
export const scheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startTime: z.string().meta({ examples: ['08:30'] }),
  endTime: z.string().meta({ examples: ['18:00'] }),
  startDate: localDateSchema.nullable(),
  endDate: localDateSchema.nullable(),
  weekdays: z.array(z.literal(WEEKDAYS)),
  userGroupId: z.number().int().nullable(),
  userGroupName: z.string().nullable(),
  placeId: z.number().int().nullable(),
  placeName: z.string().nullable(),
  users: z.array(namedRefSchema),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Schedule = z.infer<typeof scheduleSchema>;
export const schedulesReplySchema = z.object({
  schedules: z.array(scheduleSchema),
  totalSchedules: z.number().int(),
});
export type SchedulesReply = z.infer<typeof schedulesReplySchema>;

export const officeLockerSchema = z.object({
  id: z.number().int(),
  placeId: z.number().int(),
  placeName: z.string(),
  doorNumber: z.number().int(),
  size: z.string(),
  status: z.number().int(),
  doorStatus: z.number().int(),
  enabled: z.number().int(),
  accessibility: z.number().int(),
  expiration_date_time: instantSchema.nullable(),
  locker_users: z.array(namedRefSchema),
  /** Free to give to someone under the one availability rule (SPEC §4, docs/adr/0070). */
  available: z.boolean(),
});
export type OfficeLocker = z.infer<typeof officeLockerSchema>;

/** A door event (kind door) or a kiosk attempt (kind access) of an office location. */
export const activityEventSchema = z.object({
  id: z.number().int(),
  at: instantSchema,
  placeId: z.number().int(),
  placeName: z.string().nullable(),
  lockerId: z.number().int().nullable(),
  doorNumber: z.number().int().nullable(),
  doorStatus: z.number().int().nullable(),
  commanded: zeroOrOne.nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  adminName: z.string().nullable(),
  /** Access attempts only: granted or the refusal reason. */
  granted: zeroOrOne.nullable(),
  reason: z.enum(ACCESS_REASON).nullable(),
  credential: z.enum(['card', 'pin']).nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export const activityReplySchema = z.object({
  events: z.array(activityEventSchema),
  totalEvents: z.number().int(),
});
export type ActivityReply = z.infer<typeof activityReplySchema>;

export const officeDashboardSchema = z.object({
  users: z.object({ total: count, enabled: count, withCard: count, withPin: count }),
  lockers: z.object({
    total: count,
    /** Lockers with at least one user of their own. */
    assigned: count,
    /** In use and available as every count says (docs/adr/0070): status, users, groups, parcel, asset, rental. */
    inUse: count,
    free: count,
    expired: count,
    open: count,
    alerts: count,
  }),
  openings: z.object({ today: count, last15Days: count, last30Days: count }),
  accessDenied: z.object({ today: count, last30Days: count }),
  /** Openings per day for the last 15 days, oldest first. */
  daily: z.array(z.object({ date: localDateSchema, openings: count, denied: count })),
  topUsers: z.array(z.object({ id: z.number().int(), name: z.string(), openings: count })),
});
export type OfficeDashboard = z.infer<typeof officeDashboardSchema>;

export const kioskAccessReplySchema = z.object({
  granted: z.literal(true),
  userId: z.number().int(),
  userName: z.string(),
  lockerId: z.number().int(),
  doorNumber: z.number().int(),
  /** The door command's outcome (opened, alreadyOpen, ...). */
  outcome: z.string(),
});
export type KioskAccessReply = z.infer<typeof kioskAccessReplySchema>;

/** The office wall (issue #33): the doors this person may open here now, their own first. */
export const kioskLockersReplySchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  lockers: z.array(z.object({ lockerId: z.number().int(), doorNumber: z.number().int() })),
});
export type KioskLockersReply = z.infer<typeof kioskLockersReplySchema>;

/** An asset a person may take at this kiosk now, and the door it is behind. */
export const kioskAssetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lockerId: z.number().int(),
  doorNumber: z.number().int(),
});
export const kioskAssetsReplySchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  assets: z.array(kioskAssetSchema),
  /**
   * Theirs here but outside the asset's schedules now, with when they may take it (the next start
   * of those schedules, null when none comes), for the wall to say (issue #33).
   */
  later: z.array(kioskAssetSchema.extend({ availableAt: z.string().nullable() })),
});
export type KioskAssetsReply = z.infer<typeof kioskAssetsReplySchema>;
export const kioskTakeAssetReplySchema = kioskAssetSchema.extend({
  userId: z.number().int(),
  userName: z.string(),
  /** The door command's outcome (opened, alreadyOpen, ...). */
  outcome: z.string(),
});
export type KioskTakeAssetReply = z.infer<typeof kioskTakeAssetReplySchema>;

/** An asset this person has out and may bring back at the office wall (issue #33). */
export const kioskReturnableAssetSchema = z.object({ id: z.number().int(), name: z.string() });
export const kioskReturnableAssetsReplySchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  assets: z.array(kioskReturnableAssetSchema),
});
export type KioskReturnableAssetsReply = z.infer<typeof kioskReturnableAssetsReplySchema>;
/** The door opened for the asset to go back in: its home locker here, or a free one of its size. */
export const kioskReturnAssetReplySchema = kioskTakeAssetReplySchema.extend({});
export type KioskReturnAssetReply = z.infer<typeof kioskReturnAssetReplySchema>;

/** The access decision: the lockers it would open (own first), or why not. */
export const accessDecisionSchema = z.discriminatedUnion('granted', [
  z.object({
    granted: z.literal(true),
    lockerIds: z.array(z.number().int()),
    scheduleId: z.number().int().nullable(),
  }),
  z.object({
    granted: z.literal(false),
    reason: z.enum(ACCESS_REASON),
    /** Outside their hours: when they may come back (the next shift's start), null when never. */
    retryAt: z.string().nullable().optional(),
  }),
]);
export type AccessDecision = z.infer<typeof accessDecisionSchema>;
