import { kioskApi, notificationsApi, ordersApi as api } from '@cacifo/contract';
import { route, type RouteDef } from '../../lib/define-route.js';
import type { OrdersServices } from './orders-services.js';

/** The routes of delivery orders (SPEC §7 Orders): lifecycle, deposit, pickup, staff actions, lists, import. */
export function ordersRoutes({
  orders,
  lists,
  lockers,
  actions,
  analytics,
  imports,
  kiosk,
  prints,
}: OrdersServices): RouteDef[] {
  return [
    route(api.list, ({ account, query }) => lists.list(account, query)),
    route(api.exportOrders, ({ account, reply, query }) => lists.export(account, reply, query)),
    route(api.bulkOrders, ({ account, body }) => lists.bulk(account, body.action, body.ids)),
    route(api.companies, ({ account }) => lists.companies(account)),
    route(api.order, ({ account, query }) => orders.read(account, query)),
    route(api.create, ({ account, body }) => orders.create(account, body)),
    route(api.update, ({ account, body }) => orders.update(account, body)),
    route(api.remove, ({ account, body }) => orders.remove(account, body.packageId)),
    route(api.assignLocker, ({ account, query }) => orders.assignLocker(account, query)),
    route(api.storePackage, ({ account, query }) => orders.storePackage(account, query.packageId)),
    route(api.deliveryPlaces, ({ query }) => lockers.deliveryPlaces(query.locationId)),
    route(api.analytics, ({ account, query }) => analytics(account, query)),
    route(api.logs, ({ account, query }) => orders.logs(account, query)),
    route(api.mine, ({ account, query }) => lists.mine(account, query)),
    route(api.expired, ({ account, query }) => lists.expired(account, query)),
    route(api.lockers, ({ account, query }) => lockers.lockers(account, query.locationId)),
    route(api.setLockersEnabled, ({ account, body }) =>
      lockers.setLockersEnabled(account, body.lockerIds, body.enabled),
    ),
    route(api.verify, ({ account, body }) => actions.verify(account, body.orderId)),
    route(api.store, ({ account, body }) => actions.store(account, body.orderId)),
    route(api.archive, ({ account, body }) => actions.archive(account, body.orderId)),
    route(api.resendSms, ({ account, body }) => actions.resendSms(account, body.orderId)),
    route(api.cancel, ({ account, body }) => actions.cancel(account, body.orderId)),
    route(api.deliverByStaff, ({ account, body }) => actions.deliverByStaff(account, body.orderId)),
    route(api.releaseLocker, ({ account, body }) => actions.releaseLocker(account, body.orderId, body.pin)),
    route(api.label, ({ account, query, reply }) =>
      prints.label(reply, account, query.orderId, query.language),
    ),
    route(api.slip, ({ account, query, reply }) =>
      prints.slip(reply, account, query.orderId, query.language),
    ),
    route(api.kioskPickup, ({ screen, body }) => actions.kioskPickup(screen, body)),
    // The kiosk screen of a delivery wall: what it offers, and a courier's deposit there.
    route(kioskApi.screen, ({ screen }) => kiosk.screen(screen)),
    route(kioskApi.courier, ({ screen, body }) => kiosk.identify(screen, body.courierCode)),
    route(kioskApi.parcel, ({ screen, body }) => kiosk.parcel(screen, body.courierCode, body.packageId)),
    route(kioskApi.deposit, ({ screen, body }) =>
      kiosk.deposit(screen, body.courierCode, body.packageId, body.size),
    ),
    // The return list is the notifications area's; opening a door for the return is an order action.
    route(notificationsApi.openForReturn, ({ account, body }) =>
      actions.openForReturn(account, body.orderId),
    ),
    route(api.importPreview, ({ account, query, req }) => imports.preview(account, query, req)),
    route(api.importOrders, ({ account, query, req }) => imports.submit(account, query, req)),
    route(api.importProgress, ({ account, query }) => imports.progress(account, query.id)),
  ];
}
