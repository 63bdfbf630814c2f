import { officeApi as api } from '@cacifo/contract';
import { route, type RouteDef } from '../../lib/define-route.js';
import type { OfficeServices } from './office-services.js';

/** SPEC §7 Users: exact paths and shapes. */
export function userRoutes({ users, usersList, groups, lockers, stats }: OfficeServices): RouteDef[] {
  return [
    route(api.users, ({ query }) => users.list(query)),
    route(api.exportUsers, ({ reply, query }) => usersList.export(reply, query)),
    route(api.bulkUsers, ({ account, body }) => usersList.bulk(account, body)),
    route(api.user, ({ params }) => users.get(params.id)),
    route(api.createUser, ({ account, body }) => users.create(account, body)),
    route(api.updateUser, ({ account, body }) => users.put(account, body)),
    route(api.deleteUser, ({ account, params }) => users.remove(account, params.id)),
    route(api.setUserEnabled, ({ account, body }) => users.setEnabled(account, body.id, body.enabled)),
    route(api.lockers, ({ query }) => lockers.list({ placeId: query.placeId })),
    route(api.userKpis, ({ params }) => stats.userKpis(params.id)),
    route(api.authorizeGroups, ({ account, query: q }) =>
      groups.authorizeGroups(account, q.userId, q.userGroupIds, true),
    ),
    route(api.unauthorizeGroups, ({ account, query: q }) =>
      groups.authorizeGroups(account, q.userId, q.userGroupIds, false),
    ),
    route(api.addSchedules, ({ account, query: q }) =>
      groups.linkSchedules(account, q.lockerUserId, q.scheduleIds, true),
    ),
    route(api.removeSchedules, ({ account, query: q }) =>
      groups.linkSchedules(account, q.lockerUserId, q.scheduleIds, false),
    ),
    route(api.addLockers, ({ account, body: b }) =>
      groups.linkLockers(account, b.userId, b.lockerIds, true, b.expiresAt),
    ),
    route(api.removeLockers, ({ account, body: b }) =>
      groups.linkLockers(account, b.userId, b.lockerIds, false, b.expiresAt),
    ),
  ];
}
