import { z } from 'zod';
import {
  dateIntervalSchema,
  idSchema,
  maxResultsSchema,
  offsetSchema,
  pinSchema,
  urlIdSchema,
  urlIntSchema,
} from '../validation.js';
import { exportFields, sortQuery } from '../lists.js';

// The office lockers, the expired ones (extend, release) and the activity list (office.ts re-exports them).

/** GET api/julian/lockers: office lockers with their users. */
export const officeLockersQuerySchema = z.object({ placeId: urlIdSchema.optional() });
/**
 * The expired office lockers list (issue #22): by location and user name (any case), sorted on
 * the server; the longest expired first unless sorted. Never more rows than office lockers, so it
 * is answered whole and paged by the screen.
 */
export const EXPIRED_LOCKER_SORT_COLUMNS = ['expiredAt', 'place', 'door'] as const;
const expiredLockersFilterShape = {
  placeId: urlIdSchema.optional(),
  search: z.string().trim().max(100).optional(),
  ...sortQuery(EXPIRED_LOCKER_SORT_COLUMNS, 'expiredAt'),
};
export const expiredLockersQuerySchema = z.object(expiredLockersFilterShape);
export type ExpiredLockersFilter = z.output<typeof expiredLockersQuerySchema>;
export type ExpiredLockersQuery = z.input<typeof expiredLockersQuerySchema>;
/** GET api/julian/office/expiredLockers/export: the filtered list as .xlsx or .csv. */
export const expiredLockersExportQuerySchema = z.object({ ...expiredLockersFilterShape, ...exportFields });
export type ExpiredLockersExportQuery = z.output<typeof expiredLockersExportQuerySchema>;

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

/**
 * The activity list (issue #22): door events of office lockers or kiosk attempts, by location,
 * user, door, days and (attempts) granted or refused; newest first unless sorted.
 */
export const ACTIVITY_SORT_COLUMNS = ['at', 'doorNumber'] as const;
const activityFilterShape = {
  placeId: urlIdSchema.optional(),
  userId: urlIdSchema.optional(),
  doorNumber: urlIntSchema(1).optional(),
  dateRange: dateIntervalSchema.optional(),
  kind: z.enum(['door', 'access']).default('door'),
  granted: z.enum(['0', '1']).transform(Number).optional(),
  ...sortQuery(ACTIVITY_SORT_COLUMNS, 'at', 'desc'),
};
export const activityQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...activityFilterShape,
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;
export type ActivityFilter = z.output<typeof activityQuerySchema>;
/** GET api/julian/office/activity/export: the filtered events as .xlsx or .csv. */
export const activityExportQuerySchema = z.object({ ...activityFilterShape, ...exportFields });
export type ActivityExportQuery = z.output<typeof activityExportQuerySchema>;
