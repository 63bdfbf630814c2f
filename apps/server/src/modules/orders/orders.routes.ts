import {
  analyticsQuerySchema,
  assignLockerQuerySchema,
  deliveryLockersQuerySchema,
  kioskPickupBodySchema,
  listOrdersQuerySchema,
  lockersEnabledBodySchema,
  orderDeleteSchema,
  orderIdBodySchema,
  orderInputSchema,
  orderLogsQuerySchema,
  orderQuerySchema,
  orderUpdateSchema,
  packageIdQuerySchema,
  pagedQuerySchema,
  releaseLockerBodySchema,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { defineRoute, type RouteContext } from '../../lib/define-route.js';
import { uploadedFile } from '../../lib/uploaded-file.js';
import type { DeliveryLockersService } from './delivery-lockers.service.js';
import type { OrderActionsService } from './order-actions.service.js';
import { deliveryAnalytics } from './order-analytics.js';
import { analyseImport, IMPORT_FILE_MAX_BYTES, submitImport } from './order-import.js';
import type { OrdersService } from './orders.service.js';

/** The routes of delivery orders (SPEC §7 Orders): lifecycle, deposit, pickup, staff actions, lists, import. */
export function ordersRoutes(
  db: Db,
  {
    orders,
    lockers,
    actions,
  }: { orders: OrdersService; lockers: DeliveryLockersService; actions: OrderActionsService },
) {
  const staff = (
    url: string,
    summary: string,
    run: (
      a: NonNullable<RouteContext<unknown, { orderId: number }, unknown>['account']>,
      id: number,
    ) => Promise<unknown>,
  ) =>
    defineRoute({
      method: 'POST',
      url,
      permission: 'orders.manage',
      summary,
      body: orderIdBodySchema,
      handler: ({ account, body }) => run(account!, body.orderId),
    });

  return [
    defineRoute({
      method: 'GET',
      url: '/api/delivery/listOrders',
      permission: 'orders.view',
      summary: 'Orders by state list and archived flag, paged (Data.deliveries, Data.totalDeliveries)',
      query: listOrdersQuerySchema,
      handler: ({ account, query }) => orders.list(account!, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/delivery/order',
      permission: 'orders.search',
      summary: 'One order by packageId (orderDelivered / orderNotExist) or by id',
      query: orderQuerySchema,
      handler: ({ account, query }) => orders.get(account!, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/delivery/order',
      permission: 'orders.deposit',
      summary: 'Create an order (the scanner registers unknown packages this way)',
      body: orderInputSchema,
      handler: ({ account, body }) => orders.create(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/delivery/order',
      permission: 'orders.manage',
      summary: 'Update an order before deposit',
      body: orderUpdateSchema,
      handler: ({ account, body }) => orders.update(account!, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/delivery/order',
      permission: 'orders.manage',
      summary: 'Delete an order whose package is not in a locker',
      body: orderDeleteSchema,
      handler: ({ account, body }) => orders.remove(account!, body.packageId),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/delivery/assignLocker',
      permission: 'orders.deposit',
      summary: "Reserve a free locker of the size ('No locker avaliable' when none)",
      query: assignLockerQuerySchema,
      handler: ({ account, query }) => orders.assignLocker(account!, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/delivery/storePackage',
      permission: 'orders.deposit',
      summary: 'Open the assigned locker for the deposit',
      query: packageIdQuerySchema,
      handler: ({ account, query }) => orders.storePackage(account!, query.packageId),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/deliveryLockers',
      permission: 'orders.deposit',
      summary: 'Delivery places with free lockers by size',
      query: deliveryLockersQuerySchema,
      handler: ({ query }) => lockers.deliveryPlaces(query.locationId),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/delivery/analytics',
      permission: 'orders.analytics',
      summary: 'Orders per day and totals for a place and date range',
      query: analyticsQuerySchema,
      handler: ({ account, query }) => deliveryAnalytics(db, account!, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/delivery/orderLogs',
      permission: 'orders.view',
      summary: 'Order logs, paged (Data.logs, Data.totalLogs)',
      query: orderLogsQuerySchema,
      handler: ({ account, query }) => orders.logs(account!, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/delivery/expiredLockers',
      permission: 'orders.view',
      summary: 'Packages waiting for pickup longer than the limit, oldest first',
      query: pagedQuerySchema,
      handler: ({ account, query }) => orders.expired(account!, query.max_results, query.offset),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/delivery/lockers',
      permission: 'orders.manage',
      summary: 'Lockers of the delivery places with their active delivery',
      query: deliveryLockersQuerySchema,
      handler: ({ account, query }) => lockers.lockers(account!, query.locationId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/delivery/lockers/enabled',
      permission: 'orders.manage',
      summary: 'Disable or enable delivery lockers (admins)',
      body: lockersEnabledBodySchema,
      handler: ({ account, body }) => lockers.setLockersEnabled(account!, body.lockerIds, body.enabled),
    }),
    staff('/api/delivery/order/verify', 'Open the door to check the package', (a, id) =>
      actions.verify(a, id),
    ),
    staff('/api/delivery/order/store', 'Mark the package as stored', (a, id) => actions.store(a, id)),
    staff('/api/delivery/order/archive', 'Archive a finished order', (a, id) => actions.archive(a, id)),
    staff('/api/delivery/order/resendSms', 'Send a new pickup code', (a, id) => actions.resendSms(a, id)),
    staff('/api/delivery/order/cancel', 'Cancel (opens the door when the package is inside)', (a, id) =>
      actions.cancel(a, id),
    ),
    staff('/api/delivery/order/deliverByStaff', 'Open the door and hand the package over', (a, id) =>
      actions.deliverByStaff(a, id),
    ),
    defineRoute({
      method: 'POST',
      url: '/api/delivery/order/releaseLocker',
      permission: 'orders.manage',
      summary: "Unassign the order's locker (admin PIN)",
      body: releaseLockerBodySchema,
      handler: ({ account, body }) => actions.releaseLocker(account!, body.orderId, body.pin),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/kiosk/pickup',
      permission: 'kiosk.use',
      summary: 'Recipient pickup at the kiosk with the SMS code or QR',
      body: kioskPickupBodySchema,
      handler: ({ account, body }) => actions.kioskPickup(account!, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/delivery/importOrders/preview',
      permission: 'orders.import',
      summary: 'Read and validate an .xlsx, .xls or .csv file of orders (nothing is written)',
      handler: async ({ req }) => {
        const f = await uploadedFile(req, IMPORT_FILE_MAX_BYTES);
        return analyseImport(db, f.name, f.buf);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/delivery/importOrders',
      permission: 'orders.import',
      summary: 'Create every valid order of the file in one transaction (idempotent by package id)',
      handler: async ({ req, account }) => {
        const f = await uploadedFile(req, IMPORT_FILE_MAX_BYTES);
        return submitImport(db, account!, f.name, f.buf);
      },
    }),
  ];
}
