import { z } from 'zod';
import { versionShape } from '../versioning.js';
import {
  DESCRIPTION_MAX,
  idSchema,
  maxResultsSchema,
  NAME_MAX,
  offsetSchema,
  urlIdSchema,
} from '../validation.js';
import type { Weekday } from '../codes/office.js';
import { sortQuery } from '../lists.js';
import { isoDateSchema, optionalText, timeOfDaySchema } from './office-fields.js';

// User groups and schedules of the office (SPEC §3): their lists and their fields (office.ts re-exports them).

/** The groups list (issue #22): a name search (any case) and the sort; by name unless sorted. */
export const GROUP_SORT_COLUMNS = ['name', 'createdAt'] as const;
export const listGroupsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  search: z.string().trim().max(100).optional(),
  ...sortQuery(GROUP_SORT_COLUMNS, 'name'),
});
export type GroupsFilter = z.output<typeof listGroupsQuerySchema>;

/**
 * The schedules list (issue #22): a name search (any case), its group and its location, and the
 * sort; by name unless sorted.
 */
export const SCHEDULE_SORT_COLUMNS = ['name', 'startTime', 'startDate', 'createdAt'] as const;
export const listSchedulesQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  search: z.string().trim().max(100).optional(),
  groupId: urlIdSchema.optional(),
  placeId: urlIdSchema.optional(),
  ...sortQuery(SCHEDULE_SORT_COLUMNS, 'name'),
});
export type SchedulesFilter = z.output<typeof listSchedulesQuerySchema>;

export const userGroupFieldsSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  description: optionalText(DESCRIPTION_MAX),
  lockerIds: z.array(idSchema).max(500).default([]),
});
export const createUserGroupSchema = userGroupFieldsSchema.extend({ id: z.literal(0).optional() });
export const updateUserGroupSchema = userGroupFieldsSchema.extend({ id: idSchema, ...versionShape });
export type UserGroupFieldsInput = z.input<typeof userGroupFieldsSchema>;

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
export const updateScheduleSchema = z.intersection(
  scheduleFieldsSchema,
  z.object({ id: idSchema, ...versionShape }),
);
export type ScheduleFields = z.infer<typeof scheduleFieldsSchema>;
export type ScheduleFieldsInput = z.input<typeof scheduleFieldsSchema>;
