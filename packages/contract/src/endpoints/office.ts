import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import { LOCKER_CLAIM_ERRORS } from '../envelope.js';
import { urlIdSchema } from '../validation.js';
import {
  accessCheckQuerySchema,
  accessDecisionSchema,
  activityExportQuerySchema,
  activityQuerySchema,
  activityReplySchema,
  createLockerUserSchema,
  expiredLockersExportQuerySchema,
  expiredLockersQuerySchema,
  extendLockerSchema,
  groupScheduleLinkQuery,
  listUsersQuerySchema,
  lockerUserSchema,
  officeDashboardSchema,
  officeLockerSchema,
  officeLockersQuerySchema,
  releaseLockerSchema,
  setEnabledSchema,
  updateLockerUserBodySchema,
  userKpisSchema,
  userLockersSchema,
  userScheduleLinkQuery,
  usersBulkSchema,
  usersExportQuerySchema,
  usersReplySchema,
} from '../schemas/office.js';
import { bulkResultSchema, EXPORT_CONTENT_TYPES } from '../lists.js';
import { officeGroupEndpoints } from './office-groups.js';
import { officeKioskEndpoints } from './office-kiosk.js';

const idParams = z.object({ id: urlIdSchema });

/** The four link calls of a user (SPEC §7 spells them as GETs with the ids in the query). */
const linkGroups = (summary: string) =>
  ({
    method: 'GET',
    permission: 'office.manage',
    summary,
    query: groupScheduleLinkQuery,
    reply: z.null(),
    errors: ['notFound'],
  }) as const;
const linkSchedules = (summary: string) =>
  ({
    method: 'GET',
    permission: 'office.manage',
    summary,
    query: userScheduleLinkQuery,
    reply: z.null(),
    errors: ['notFound'],
  }) as const;
const linkLockers = (summary: string) =>
  ({
    method: 'POST',
    permission: 'office.manage',
    summary,
    body: userLockersSchema,
    reply: z.null(),
    errors: ['notFound'],
  }) as const;

/**
 * Office (SPEC §3 and §7): locker users with their cards, PINs, groups, schedules and lockers;
 * expired lockers; door activity and kiosk attempts; the office dashboard; the office kiosk.
 */
export const officeApi = defineEndpoints('office', {
  users: {
    method: 'GET',
    path: '/api/julian/users',
    permission: 'office.view',
    summary: 'Locker users, paged on the server, with filters',
    query: listUsersQuerySchema,
    reply: usersReplySchema,
  },
  exportUsers: {
    method: 'GET',
    path: '/api/julian/users/export',
    permission: 'office.view',
    summary: 'The filtered users list as an .xlsx or .csv file, streamed',
    query: usersExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  bulkUsers: {
    method: 'POST',
    path: '/api/julian/users/bulk',
    permission: 'office.manage',
    summary: 'Enable, disable or add to a group several users; each row reports its own outcome',
    body: usersBulkSchema,
    reply: bulkResultSchema,
    errors: ['notFound'],
  },
  user: {
    method: 'GET',
    path: '/api/julian/user/:id',
    permission: 'office.view',
    summary: 'One locker user with its lockers, groups, schedules and assets',
    params: idParams,
    reply: lockerUserSchema,
    errors: ['notFound'],
  },
  createUser: {
    method: 'POST',
    path: '/api/julian/user',
    permission: 'office.manage',
    summary: 'Create a locker user (id 0)',
    body: createLockerUserSchema,
    reply: lockerUserSchema,
    errors: ['userExists', 'cardAssigned'],
  },
  updateUser: {
    method: 'PUT',
    versioned: true,
    path: '/api/julian/user',
    permission: 'office.manage',
    summary: 'Update a locker user: its fields, or its card, or its PIN',
    body: updateLockerUserBodySchema,
    reply: lockerUserSchema,
    errors: ['notFound', 'userExists', 'cardAssigned', 'L41'],
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/julian/user/:id',
    permission: 'office.manage',
    summary: 'Delete a locker user and its links (refused while it has pending transactions)',
    params: idParams,
    reply: z.null(),
    errors: ['notFound', 'pendingTransactions'],
  },
  setUserEnabled: {
    method: 'POST',
    path: '/api/julian/user/enabled',
    permission: 'office.manage',
    summary: 'Enable or disable a locker user',
    body: setEnabledSchema,
    reply: lockerUserSchema,
    errors: ['notFound'],
  },
  userKpis: {
    method: 'GET',
    path: '/api/julian/dashboard/user/:id',
    permission: 'office.view',
    summary: 'User KPIs from door events',
    params: idParams,
    reply: userKpisSchema,
    errors: ['notFound'],
  },
  authorizeGroups: { path: '/api/julian/authorizeGroups', ...linkGroups('Add a user to groups') },
  unauthorizeGroups: { path: '/api/julian/unauthorizeGroups', ...linkGroups('Take a user out of groups') },
  addSchedules: { path: '/api/julian/addSchedules', ...linkSchedules('Give a user schedules') },
  removeSchedules: { path: '/api/julian/removeSchedules', ...linkSchedules('Take schedules from a user') },
  addLockers: {
    path: '/api/julian/addLockers',
    ...linkLockers('Assign office lockers to a user, optionally until a date'),
    // Only an available locker is given (SPEC §4, docs/adr/0070).
    errors: ['notFound', ...LOCKER_CLAIM_ERRORS],
  },
  removeLockers: { path: '/api/julian/removeLockers', ...linkLockers('Unassign office lockers from a user') },

  ...officeGroupEndpoints,

  dashboard: {
    method: 'GET',
    path: '/api/julian/dashboard/office',
    permission: 'office.view',
    summary: 'Office KPIs: users, lockers, openings, refusals',
    reply: officeDashboardSchema,
  },
  activity: {
    method: 'GET',
    path: '/api/julian/office/activity',
    permission: 'office.view',
    summary: 'Office door events or kiosk attempts, paged, with filters',
    query: activityQuerySchema,
    reply: activityReplySchema,
  },
  exportActivity: {
    method: 'GET',
    path: '/api/julian/office/activity/export',
    permission: 'office.view',
    summary: 'The filtered door events or kiosk attempts as an .xlsx or .csv file, streamed',
    query: activityExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  lockers: {
    method: 'GET',
    path: '/api/julian/lockers',
    permission: 'office.view',
    summary: 'Office lockers with their users',
    query: officeLockersQuerySchema,
    reply: z.array(officeLockerSchema),
  },
  expiredLockers: {
    method: 'GET',
    path: '/api/julian/office/expiredLockers',
    permission: 'office.view',
    summary: 'Assigned office lockers past their expiry, filtered and sorted',
    query: expiredLockersQuerySchema,
    reply: z.array(officeLockerSchema),
  },
  exportExpiredLockers: {
    method: 'GET',
    path: '/api/julian/office/expiredLockers/export',
    permission: 'office.view',
    summary: 'The filtered expired office lockers as an .xlsx or .csv file',
    query: expiredLockersExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  extendLocker: {
    method: 'POST',
    path: '/api/julian/office/extendLocker',
    permission: 'office.manage',
    summary: 'Extend an office locker by 1-5 hours, minutes, or to the end of today',
    body: extendLockerSchema,
    reply: officeLockerSchema,
    errors: ['notFound', 'ruleBroken'],
  },
  releaseLocker: {
    method: 'POST',
    path: '/api/julian/office/releaseLocker',
    permission: 'office.manage',
    summary: 'Release an office locker from its users (admin PIN)',
    body: releaseLockerSchema,
    reply: officeLockerSchema,
    errors: ['notFound', 'ruleBroken', 'wrongPin', 'pinNotSet', 'tooManyAttempts'],
  },
  accessCheck: {
    method: 'GET',
    path: '/api/julian/office/accessCheck',
    permission: 'office.view',
    summary: 'Would this user be let in at this location and time? Opens nothing.',
    query: accessCheckQuerySchema,
    reply: accessDecisionSchema,
    errors: ['notFound'],
  },
  ...officeKioskEndpoints,
});
