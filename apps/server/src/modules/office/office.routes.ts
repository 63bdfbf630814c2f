import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  activityQuerySchema,
  createScheduleSchema,
  createUserGroupSchema,
  extendLockerSchema,
  idSchema,
  kioskAccessSchema,
  listQuerySchema,
  MODULE,
  officeLockersQuerySchema,
  releaseLockerSchema,
  updateScheduleSchema,
  updateUserGroupSchema,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { AppError } from '../../lib/errors.js';
import { AccessService } from './access.service.js';
import { GroupsService } from './groups.service.js';
import { OfficeLockersService, officeLockersRepository } from './lockers.service.js';
import { SchedulesService } from './schedules.service.js';
import { StatsService } from './stats.service.js';
import { UsersService } from './users.service.js';
import { registerUserRoutes } from './users.routes.js';
import { usersRepository } from './users.repository.js';

const idParams = z.object({ id: idSchema });
/** How often users past their validUntil are disabled. */
const EXPIRY_SWEEP_MS = 60_000;

/** Office: locker users, groups, schedules, access (kiosk), activity, expired lockers. */
export async function officeModule(app: FastifyInstance) {
  const users = new UsersService(app);
  const groups = new GroupsService(app);
  const schedules = new SchedulesService(app);
  const lockers = new OfficeLockersService(app);
  const stats = new StatsService(app.db);
  const access = new AccessService(app);
  registerUserRoutes(app, { users, groups, lockers, stats });

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/julian/userGroups',
      permission: 'office.view',
      query: listQuerySchema,
      handler: ({ query: q }) => groups.list({ limit: q.max_results, offset: q.offset, search: q.search }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/userGroup/:id',
      permission: 'office.view',
      params: idParams,
      handler: ({ params }) => groups.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/userGroup',
      permission: 'office.manage',
      body: createUserGroupSchema,
      handler: ({ body }) => groups.create(body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/julian/userGroup',
      permission: 'office.manage',
      body: updateUserGroupSchema,
      handler: ({ body }) => groups.update(body.id, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/julian/userGroup/:id',
      permission: 'office.manage',
      params: idParams,
      handler: ({ params }) => groups.remove(params.id),
    }),

    defineRoute({
      method: 'GET',
      url: '/api/julian/schedules',
      permission: 'schedules.manage',
      query: listQuerySchema,
      handler: ({ query: q }) => schedules.list({ limit: q.max_results, offset: q.offset, search: q.search }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/schedule/:id',
      permission: 'schedules.manage',
      params: idParams,
      handler: ({ params }) => schedules.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/schedule',
      permission: 'schedules.manage',
      body: createScheduleSchema,
      handler: ({ account, body }) => schedules.create(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/julian/schedule',
      permission: 'schedules.manage',
      body: updateScheduleSchema,
      handler: ({ account, body }) => schedules.update(account!, body.id, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/julian/schedule/:id',
      permission: 'schedules.manage',
      params: idParams,
      handler: ({ account, params }) => schedules.remove(account!, params.id),
    }),

    defineRoute({
      method: 'GET',
      url: '/api/julian/dashboard/office',
      permission: 'office.view',
      summary: 'Office KPIs: users, lockers, openings, refusals',
      handler: () => stats.dashboard(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/office/activity',
      permission: 'office.view',
      summary: 'Office door events or kiosk attempts, paged, with filters',
      query: activityQuerySchema,
      handler: ({ query }) => stats.activity(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/office/expiredLockers',
      permission: 'office.view',
      query: officeLockersQuerySchema,
      handler: () => lockers.expired(),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/office/extendLocker',
      permission: 'office.manage',
      summary: 'Extend an office locker by 1-5 hours, minutes, or to the end of today',
      body: extendLockerSchema,
      handler: ({ account, body: { lockerId, ...ext } }) => lockers.extend(account!, lockerId, ext),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/office/releaseLocker',
      permission: 'office.manage',
      summary: 'Release an office locker from its users (admin PIN)',
      body: releaseLockerSchema,
      handler: ({ account, body }) => lockers.release(account!, body.lockerId, body.pin),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/office/accessCheck',
      permission: 'office.view',
      summary: 'Would this user be let in at this location and time? Opens nothing.',
      query: z.object({
        userId: idSchema,
        placeId: idSchema,
        lockerId: idSchema.optional(),
        at: z.iso.datetime({ offset: true }).optional(),
      }),
      handler: ({ query: q }) =>
        access.decide(q.userId, q.placeId, q.at ? new Date(q.at) : new Date(), q.lockerId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/kiosk/office/open',
      permission: 'kiosk.use',
      summary: 'Kiosk: card or PIN at a location; decides, opens the door, records the attempt',
      body: kioskAccessSchema,
      handler: ({ account, body }) => {
        // kiosk.use is shared by every module's kiosk; this one exists only with the office.
        if (!app.config.modules.includes(MODULE.OFFICE)) throw new AppError('moduleDisabled');
        return access.kioskOpen(account!, body);
      },
    }),
  ]);

  // A deployment without the office module keeps the routes (they answer moduleDisabled) but
  // neither lends locker users to other areas' views nor sweeps.
  if (!app.config.modules.includes(MODULE.OFFICE)) return;

  // Locker views of other areas show who holds an office locker, without reading our tables.
  app.lockerInfo.register(async (db, scope) => {
    const rows = await ('placeId' in scope
      ? officeLockersRepository.usersOfPlace(db, scope.placeId)
      : officeLockersRepository.usersOf(db, [...scope.lockerIds]));
    const out = new Map<number, { locker_users: Array<{ id: number; name: string }> }>();
    for (const r of rows) {
      const cur = out.get(r.lockerId) ?? { locker_users: [] };
      cur.locker_users.push({ id: r.id, name: r.name });
      out.set(r.lockerId, cur);
    }
    return out;
  });
  app.lockerInfo.registerUserNames(async (db, userIds) => {
    const rows = await usersRepository.namesOf(db, [...userIds]);
    return new Map(rows.map((r) => [r.id, r.name]));
  });

  // Once per minute across every instance (job lease), users past their validUntil are disabled.
  app.jobs.every('office.disableExpiredUsers', { everyMs: EXPIRY_SWEEP_MS }, async () => {
    await users.disableExpired();
  });
}
