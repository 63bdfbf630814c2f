import { officeApi as api } from '@cacifo/contract';
import { route, type RouteDef } from '../../lib/define-route.js';
import type { OfficeServices } from './office-services.js';

/** Groups, schedules, the office dashboard and activity, expired lockers, access and the kiosk. */
export function officeRoutes({
  groups,
  schedules,
  stats,
  lockers,
  access,
  assetKiosk,
}: OfficeServices): RouteDef[] {
  return [
    route(api.userGroups, ({ query }) => groups.list(query)),
    route(api.userGroup, ({ params }) => groups.get(params.id)),
    route(api.createUserGroup, ({ account, body }) => groups.create(account, body)),
    route(api.updateUserGroup, ({ account, body }) => groups.update(account, body.id, body)),
    route(api.deleteUserGroup, ({ account, params }) => groups.remove(account, params.id)),

    route(api.schedules, ({ query }) => schedules.list(query)),
    route(api.schedule, ({ params }) => schedules.get(params.id)),
    route(api.createSchedule, ({ account, body }) => schedules.create(account, body)),
    route(api.updateSchedule, ({ account, body }) => schedules.update(account, body.id, body)),
    route(api.deleteSchedule, ({ account, params }) => schedules.remove(account, params.id)),

    route(api.dashboard, () => stats.dashboard()),
    route(api.activity, ({ query }) => stats.activity(query)),
    route(api.exportActivity, ({ reply, query }) => stats.exportActivity(reply, query)),
    route(api.expiredLockers, ({ query }) => lockers.expired(query)),
    route(api.exportExpiredLockers, ({ reply, query }) => lockers.exportExpired(reply, query)),
    route(api.extendLocker, ({ account, body }) => lockers.extend(account, body)),
    route(api.releaseLocker, ({ account, body }) => lockers.release(account, body.lockerId, body.pin)),
    route(api.accessCheck, ({ query }) => access.decide(query)),
    route(api.kioskOpen, ({ screen, body }) => access.kioskOpen(screen, body)),
    route(api.kioskLockers, ({ screen, body }) => access.kioskLockers(screen, body)),
    route(api.kioskAssets, ({ screen, body }) => assetKiosk.assets(screen, body)),
    route(api.kioskTakeAsset, ({ screen, body }) => assetKiosk.take(screen, body)),
    route(api.kioskReturnableAssets, ({ screen, body }) => assetKiosk.returnable(screen, body)),
    route(api.kioskReturnAsset, ({ screen, body }) => assetKiosk.giveBack(screen, body)),
  ];
}
