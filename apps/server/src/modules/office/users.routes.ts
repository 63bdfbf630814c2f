import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createLockerUserSchema,
  groupScheduleLinkQuery,
  idSchema,
  listUsersQuerySchema,
  officeLockersQuerySchema,
  setEnabledSchema,
  updateCardSchema,
  updateLockerUserSchema,
  updatePinSchema,
  userLockersSchema,
  userScheduleLinkQuery,
  type FieldErrors,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { AppError } from '../../lib/errors.js';
import type { GroupsService } from './groups.service.js';
import type { OfficeLockersService } from './lockers.service.js';
import type { StatsService } from './stats.service.js';
import type { UsersService } from './users.service.js';

const idParams = z.object({ id: idSchema });

function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const fields: FieldErrors = {};
  for (const issue of r.error.issues) fields[['body', ...issue.path.map(String)].join('.')] ??= issue.message;
  throw new AppError('invalidInput', fields);
}

/** SPEC §7 Users: exact paths and shapes. */
export function registerUserRoutes(
  app: FastifyInstance,
  s: { users: UsersService; groups: GroupsService; lockers: OfficeLockersService; stats: StatsService },
) {
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/julian/users',
      permission: 'office.view',
      summary: 'Locker users, paged on the server, with filters',
      query: listUsersQuerySchema,
      handler: ({ query: q }) =>
        s.users.list({
          limit: q.max_results,
          offset: q.offset,
          search: q.search || undefined,
          enabled: q.enabled === undefined ? undefined : Number(q.enabled),
          userType: q.userType,
          groupId: q.groupId,
          placeId: q.placeId,
          sort: q.sort,
          order: q.order,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/user/:id',
      permission: 'office.view',
      params: idParams,
      handler: ({ params }) => s.users.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/user',
      permission: 'office.manage',
      summary: 'Create a locker user (id 0)',
      body: createLockerUserSchema,
      handler: ({ account, body }) => s.users.create(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/julian/user',
      permission: 'office.manage',
      summary: 'Update a locker user: its fields, or its card, or its PIN',
      body: z.record(z.string(), z.unknown()),
      handler: ({ account, body }) => {
        // A body with the fields is a fields update (a user read back and sent again carries
        // `card` and a masked `pin` too); otherwise `pin` or `card` alone. Card and PIN need an
        // existing user: id 0 fails here, before anything is looked up.
        if (!('name' in body) && 'pin' in body) {
          const b = parseWith(updatePinSchema, body);
          return s.users.setPin(account!, b.id, b.pin);
        }
        if (!('name' in body) && 'card' in body) {
          const b = parseWith(updateCardSchema, body);
          return s.users.setCard(account!, b.id, b.card);
        }
        const { id, updatedAt, ...fields } = parseWith(updateLockerUserSchema, body);
        return s.users.update(account!, id, fields, updatedAt);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/julian/user/:id',
      permission: 'office.manage',
      params: idParams,
      handler: ({ account, params }) => s.users.remove(account!, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/user/enabled',
      permission: 'office.manage',
      body: setEnabledSchema,
      handler: ({ account, body }) => s.users.setEnabled(account!, body.id, body.enabled as 0 | 1),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/lockers',
      permission: 'office.view',
      summary: 'Office lockers with their users',
      query: officeLockersQuerySchema,
      handler: ({ query }) => s.lockers.list({ placeId: query.placeId }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/dashboard/user/:id',
      permission: 'office.view',
      summary: 'User KPIs from door events',
      params: idParams,
      handler: ({ params }) => s.stats.userKpis(params.id),
    }),
    ...(['authorizeGroups', 'unauthorizeGroups'] as const).map((name) =>
      defineRoute({
        method: 'GET',
        url: `/api/julian/${name}`,
        permission: 'office.manage',
        query: groupScheduleLinkQuery,
        handler: ({ account, query }) =>
          s.groups.authorizeGroups(account!, query.userId, query.userGroupIds, name === 'authorizeGroups'),
      }),
    ),
    ...(['addSchedules', 'removeSchedules'] as const).map((name) =>
      defineRoute({
        method: 'GET',
        url: `/api/julian/${name}`,
        permission: 'office.manage',
        query: userScheduleLinkQuery,
        handler: ({ account, query }) =>
          s.groups.linkSchedules(account!, query.lockerUserId, query.scheduleIds, name === 'addSchedules'),
      }),
    ),
    ...(['addLockers', 'removeLockers'] as const).map((name) =>
      defineRoute({
        method: 'POST',
        url: `/api/julian/${name}`,
        permission: 'office.manage',
        summary: 'Assign or unassign office lockers to a user',
        body: userLockersSchema,
        handler: ({ account, body }) =>
          s.groups.linkLockers(account!, body.userId, body.lockerIds, name === 'addLockers', body.expiresAt),
      }),
    ),
  ]);
}
