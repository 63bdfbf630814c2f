import { z } from 'zod';
import { LOCKER_CLAIM_ERRORS } from '../envelope.js';
import { urlIdSchema } from '../validation.js';
import {
  createScheduleSchema,
  createUserGroupSchema,
  listGroupsQuerySchema,
  listSchedulesQuerySchema,
  scheduleSchema,
  schedulesReplySchema,
  updateScheduleSchema,
  updateUserGroupSchema,
  userGroupSchema,
  userGroupsReplySchema,
} from '../schemas/office.js';

const idParams = z.object({ id: urlIdSchema });

/** User groups and schedules, their lists and writes: part of the office area (endpoints/office.ts). */
export const officeGroupEndpoints = {
  userGroups: {
    method: 'GET',
    path: '/api/julian/userGroups',
    permission: 'office.view',
    summary: 'User groups, paged, with a name search',
    query: listGroupsQuerySchema,
    reply: userGroupsReplySchema,
  },
  userGroup: {
    method: 'GET',
    path: '/api/julian/userGroup/:id',
    permission: 'office.view',
    summary: 'One user group with its lockers, users and schedules',
    params: idParams,
    reply: userGroupSchema,
    errors: ['notFound'],
  },
  createUserGroup: {
    method: 'POST',
    path: '/api/julian/userGroup',
    permission: 'office.manage',
    summary: 'Create a user group (id 0) with its office lockers',
    body: createUserGroupSchema,
    reply: userGroupSchema,
    errors: ['conflict', 'notFound', ...LOCKER_CLAIM_ERRORS],
  },
  updateUserGroup: {
    method: 'PUT',
    versioned: true,
    path: '/api/julian/userGroup',
    permission: 'office.manage',
    summary: 'Rename a user group or change its lockers',
    body: updateUserGroupSchema,
    reply: userGroupSchema,
    errors: ['conflict', 'notFound', ...LOCKER_CLAIM_ERRORS],
  },
  deleteUserGroup: {
    method: 'DELETE',
    path: '/api/julian/userGroup/:id',
    permission: 'office.manage',
    summary: 'Delete a user group (its schedules stay, without the group)',
    params: idParams,
    reply: z.null(),
    errors: ['notFound'],
  },

  schedules: {
    method: 'GET',
    path: '/api/julian/schedules',
    permission: 'schedules.manage',
    summary: 'Schedules, paged, with a name search',
    query: listSchedulesQuerySchema,
    reply: schedulesReplySchema,
  },
  schedule: {
    method: 'GET',
    path: '/api/julian/schedule/:id',
    permission: 'schedules.manage',
    summary: 'One schedule with its users',
    params: idParams,
    reply: scheduleSchema,
    errors: ['notFound'],
  },
  createSchedule: {
    method: 'POST',
    path: '/api/julian/schedule',
    permission: 'schedules.manage',
    summary: 'Create a schedule (id 0)',
    body: createScheduleSchema,
    reply: scheduleSchema,
    errors: ['notFound'],
  },
  updateSchedule: {
    method: 'PUT',
    versioned: true,
    path: '/api/julian/schedule',
    permission: 'schedules.manage',
    summary: 'Change a schedule',
    body: updateScheduleSchema,
    reply: scheduleSchema,
    errors: ['notFound'],
  },
  deleteSchedule: {
    method: 'DELETE',
    path: '/api/julian/schedule/:id',
    permission: 'schedules.manage',
    summary: 'Delete a schedule and its user and asset links',
    params: idParams,
    reply: z.null(),
    errors: ['notFound'],
  },
} as const;
