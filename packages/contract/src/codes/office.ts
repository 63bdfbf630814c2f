import { defineCodes, type CodeOf } from './define.js';

/*
 * Office code tables (SPEC §3). Apart from schemas/office.ts, which re-exports them, so screens
 * that only show a label need not load zod.
 */

/** Locker user type (SPEC §3): employee or intern. */
export const USER_TYPE = { EMPLOYEE: 'employee', INTERN: 'intern' } as const;
export const userType = defineCodes('userType', USER_TYPE);
export type UserType = CodeOf<typeof USER_TYPE>;

/** Locker user status (SPEC §3): the client always sends active; suspended and inactive exist. */
export const USER_STATUS = { ACTIVE: 'active', SUSPENDED: 'suspended', INACTIVE: 'inactive' } as const;
export const userStatus = defineCodes('userStatus', USER_STATUS);
export type UserStatus = CodeOf<typeof USER_STATUS>;

/** ISO weekdays: 1 Monday ... 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Why the kiosk refused; the web maps each to `office.accessReason.<code>`. */
export const ACCESS_REASON = {
  UNKNOWN_CREDENTIAL: 'unknownCredential',
  USER_DISABLED: 'userDisabled',
  USER_NOT_ACTIVE: 'userNotActive',
  USER_EXPIRED: 'userExpired',
  NO_LOCKER: 'noLocker',
  LOCKER_NOT_ALLOWED: 'lockerNotAllowed',
  OUTSIDE_SCHEDULE: 'outsideSchedule',
  /** Assets kiosk: not an asset this person may take here now (issue #27). */
  ASSET_NOT_ALLOWED: 'assetNotAllowed',
} as const;
export const accessReason = defineCodes('accessReason', ACCESS_REASON);
export type AccessReason = CodeOf<typeof ACCESS_REASON>;

/** Expired office lockers: the hours offered to extend by (the schema also takes minutes or end of day). */
export const EXTENSION_HOURS = [1, 2, 3, 4, 5] as const;
