import { z } from 'zod';
import {
  commaIdsSchema,
  emailSchema,
  idSchema,
  maxResultsSchema,
  NAME_MAX,
  DESCRIPTION_MAX,
  offsetSchema,
  phoneSchema,
  pinSchema,
  dateIntervalSchema,
} from '../validation.js';

export {
  ACCESS_REASON,
  accessReason,
  USER_STATUS,
  userStatus,
  USER_TYPE,
  userType,
  WEEKDAYS,
  type AccessReason,
  type UserStatus,
  type UserType,
  type Weekday,
} from '../codes/office.js';
import {
  USER_STATUS,
  USER_TYPE,
  type AccessReason,
  type UserStatus,
  type UserType,
  type Weekday,
} from '../codes/office.js';

const optionalText = (max = NAME_MAX) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

/** Card UID as read by the reader: hex digits, stored upper case. */
export const cardSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{4,32}$/, 'validation.card')
  .transform((v) => v.toUpperCase());
/** Internal (employee) number. */
export const internalNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,20}$/, 'validation.internalNumber');
/** `HH:MM`, 00:00-23:59. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');
/** `YYYY-MM-DD`. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'validation.date');
const isoDateTimeSchema = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'validation.date')
  .transform((v) => new Date(v).toISOString());

/** Editable fields of a locker user (POST api/julian/user, PUT with id). */
export const lockerUserFieldsSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  login: optionalText(),
  numberPrefix: optionalText(10),
  number: z
    .union([internalNumberSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  email: z
    .union([emailSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  phone_number: z
    .union([phoneSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  nif: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{9}$/, 'validation.nif'),
      z.literal(''),
    ])
    .nullish()
    .transform((v) => (v ? v : null)),
  obs: optionalText(DESCRIPTION_MAX),
  card_number: optionalText(32),
  ccms: optionalText(),
  name_ccms: optionalText(),
  building: optionalText(),
  floor: optionalText(20),
  project: optionalText(),
  invoice: optionalText(),
  country: optionalText(2),
  status: z.enum(USER_STATUS).default('active'),
  userType: z.enum(USER_TYPE).default('employee'),
  validUntil: isoDateTimeSchema.nullish().transform((v) => v ?? null),
});
export type LockerUserFields = z.infer<typeof lockerUserFieldsSchema>;
export type LockerUserFieldsInput = z.input<typeof lockerUserFieldsSchema>;

/** POST api/julian/user: a new user has id 0 (or none). */
export const createLockerUserSchema = lockerUserFieldsSchema.extend({
  id: z.literal(0).optional(),
});
/** PUT api/julian/user with the fields. */
export const updateLockerUserSchema = lockerUserFieldsSchema.extend({
  id: idSchema,
  /** The `updatedAt` the editor read: when someone saved since, the update is refused (staleVersion). */
  updatedAt: z.string().max(40).optional(),
});
/** PUT api/julian/user with `card`: empty or null clears it. Needs an existing user (id not 0). */
export const updateCardSchema = z.object({
  id: idSchema,
  card: z.union([cardSchema, z.literal(''), z.null()]).transform((v) => (v ? v : null)),
});
/** PUT api/julian/user with `pin`: exactly 4 digits. Needs an existing user (id not 0). */
export const updatePinSchema = z.object({ id: idSchema, pin: pinSchema });

export const setEnabledSchema = z.object({
  id: idSchema,
  enabled: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => (v ? 1 : 0)),
});

export const listUsersQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  search: z.string().trim().max(100).optional(),
  enabled: z.enum(['0', '1']).optional(),
  userType: z.enum(USER_TYPE).optional(),
  groupId: idSchema.optional(),
  placeId: idSchema.optional(),
  sort: z.enum(['name', 'number', 'createdAt']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export interface UserLockerRef {
  id: number;
  doorNumber: number;
  size: string;
  placeId: number;
  placeName: string;
  expiresAt: string | null;
}
export interface NamedRef {
  id: number;
  name: string;
}

export interface LockerUser {
  id: number;
  enabled: 0 | 1;
  name: string;
  number: string | null;
  card_number: string | null;
  ccms: string | null;
  name_ccms: string | null;
  phone_number: string | null;
  numberPrefix: string | null;
  login: string | null;
  building: string | null;
  floor: string | null;
  project: string | null;
  invoice: string | null;
  nif: string | null;
  email: string | null;
  card: string | null;
  /** Never the PIN itself: `****` when one is set. */
  pin: string | null;
  obs: string | null;
  status: UserStatus;
  validUntil: string | null;
  userType: UserType;
  country: string | null;
  lockers: UserLockerRef[];
  assets: NamedRef[];
  groups: NamedRef[];
  schedules: NamedRef[];
  createdAt: string;
  updatedAt: string;
}
export interface UsersReply {
  users: LockerUser[];
  totalUsers: number;
}

export const groupScheduleLinkQuery = z.object({ userId: idSchema, userGroupIds: commaIdsSchema });
export const userScheduleLinkQuery = z.object({ lockerUserId: idSchema, scheduleIds: commaIdsSchema });
export const userLockersSchema = z.object({
  userId: idSchema,
  lockerIds: z.array(idSchema).min(1).max(100),
  expiresAt: isoDateTimeSchema.nullish().transform((v) => v ?? null),
});

/** User KPIs (SPEC §3), computed from door events. Times in seconds. */
export interface WindowCounts {
  last1Year: number;
  last15Days: number;
  last30Days: number;
  total: number;
}
export interface UserKpis {
  recentActions: Array<{
    id: number;
    at: string;
    placeName: string | null;
    doorNumber: number;
    doorStatus: number;
    commanded: 0 | 1;
  }>;
  /** One row per day of the last 30 days, oldest first: openings and alerts. */
  reports: Array<{ date: string; openings: number; alerts: number; secondsOpen: number }>;
  timeSpentWithDoorOpen: { last1Year: number; last30Days: number };
  doorOpenings: WindowCounts;
  doorAlerts: WindowCounts;
}

export const listQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  search: z.string().trim().max(100).optional(),
});

export const userGroupFieldsSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  description: optionalText(DESCRIPTION_MAX),
  lockerIds: z.array(idSchema).max(500).default([]),
});
export const createUserGroupSchema = userGroupFieldsSchema.extend({ id: z.literal(0).optional() });
export const updateUserGroupSchema = userGroupFieldsSchema.extend({ id: idSchema });
export type UserGroupFieldsInput = z.input<typeof userGroupFieldsSchema>;
export interface UserGroup {
  id: number;
  name: string;
  description: string | null;
  lockers: UserLockerRef[];
  users: NamedRef[];
  schedules: NamedRef[];
  createdAt: string;
}
export interface UserGroupsReply {
  groups: UserGroup[];
  totalGroups: number;
}

/**
 * Schedule (SPEC §3): the hours and days its users may open. `endTime` before `startTime` is a
 * shift crossing midnight; equal times mean the whole day. Dates are inclusive and optional.
 */
export const scheduleFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
    startTime: timeOfDaySchema,
    endTime: timeOfDaySchema,
    startDate: isoDateSchema.nullish().transform((v) => v ?? null),
    endDate: isoDateSchema.nullish().transform((v) => v ?? null),
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .min(1, 'validation.weekdays')
      .transform((d) => [...new Set(d)].sort() as Weekday[]),
    userGroupId: idSchema.nullish().transform((v) => v ?? null),
    placeId: idSchema.nullish().transform((v) => v ?? null),
  })
  .refine((s) => !s.startDate || !s.endDate || s.startDate <= s.endDate, {
    message: 'validation.dateRange',
    path: ['endDate'],
  });
export const createScheduleSchema = z.intersection(
  scheduleFieldsSchema,
  z.object({ id: z.literal(0).optional() }),
);
export const updateScheduleSchema = z.intersection(scheduleFieldsSchema, z.object({ id: idSchema }));
export type ScheduleFields = z.infer<typeof scheduleFieldsSchema>;
export type ScheduleFieldsInput = z.input<typeof scheduleFieldsSchema>;
export interface Schedule extends ScheduleFields {
  id: number;
  userGroupName: string | null;
  placeName: string | null;
  users: NamedRef[];
  createdAt: string;
}
export interface SchedulesReply {
  schedules: Schedule[];
  totalSchedules: number;
}

/** GET api/julian/lockers: office lockers with their users. */
export const officeLockersQuerySchema = z.object({ placeId: idSchema.optional() });
export interface OfficeLocker {
  id: number;
  placeId: number;
  placeName: string;
  doorNumber: number;
  size: string;
  status: number;
  doorStatus: number;
  enabled: number;
  accessibility: number;
  expiration_date_time: string | null;
  locker_users: NamedRef[];
}

/** Expired office lockers: extend by 1-5 hours, a number of minutes, or to the end of today. */
export { EXTENSION_HOURS } from '../codes/office.js';
export const extendLockerSchema = z.union([
  z.object({ lockerId: idSchema, hours: z.number().int().min(1).max(5) }),
  z.object({
    lockerId: idSchema,
    minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  }),
  z.object({ lockerId: idSchema, untilEndOfToday: z.literal(true) }),
]);
export type ExtendLockerRequest = z.input<typeof extendLockerSchema>;
export const releaseLockerSchema = z.object({ lockerId: idSchema, pin: pinSchema });

export const activityQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  placeId: idSchema.optional(),
  userId: idSchema.optional(),
  doorNumber: z.coerce.number().int().min(1).optional(),
  dateRange: dateIntervalSchema.optional(),
  kind: z.enum(['door', 'access']).default('door'),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;
export interface ActivityEvent {
  id: number;
  at: string;
  placeId: number;
  placeName: string | null;
  lockerId: number | null;
  doorNumber: number | null;
  doorStatus: number | null;
  commanded: 0 | 1 | null;
  userId: number | null;
  userName: string | null;
  adminName: string | null;
  /** Access attempts only: granted or the refusal reason. */
  granted: 0 | 1 | null;
  reason: AccessReason | null;
  credential: 'card' | 'pin' | null;
}
export interface ActivityReply {
  events: ActivityEvent[];
  totalEvents: number;
}

export interface OfficeDashboard {
  users: { total: number; enabled: number; withCard: number; withPin: number };
  lockers: { total: number; assigned: number; free: number; expired: number; open: number; alerts: number };
  openings: { today: number; last15Days: number; last30Days: number };
  accessDenied: { today: number; last30Days: number };
  /** Openings per day for the last 15 days, oldest first. */
  daily: Array<{ date: string; openings: number; denied: number }>;
  topUsers: Array<{ id: number; name: string; openings: number }>;
}

/** The kiosk call of the screen role: a card or a PIN at a location, optionally a chosen locker. */
export const kioskAccessSchema = z
  .object({
    placeId: idSchema,
    card: cardSchema.optional(),
    pin: pinSchema.optional(),
    lockerId: idSchema.optional(),
  })
  .refine((v) => (v.card === undefined) !== (v.pin === undefined), {
    message: 'validation.cardOrPin',
    path: ['card'],
  });
export type KioskAccessRequest = z.input<typeof kioskAccessSchema>;
export interface KioskAccessReply {
  granted: true;
  userId: number;
  userName: string;
  lockerId: number;
  doorNumber: number;
  outcome: string;
}
