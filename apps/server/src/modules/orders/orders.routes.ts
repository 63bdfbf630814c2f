import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
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
  type DeliveryType,
} from '@cacifo/contract';
import { defineRoute, registerRoutes, type RouteContext } from '../../lib/define-route.js';
import { AppError } from '../../lib/errors.js';
import { OrdersService } from './orders.service.js';
import { ordersRepository } from './orders.repository.js';
import { OrderActionsService } from './order-actions.service.js';
import { deliveryAnalytics } from './order-analytics.js';
import { analyseImport, IMPORT_FILE_MAX_BYTES, submitImport } from './order-import.js';
import type { OrdersDeps } from './order-engine.js';

/** Reads the one uploaded file of a multipart request (field name free). */
async function uploadedFile(ctx: RouteContext<unknown, unknown, unknown>) {
  if (!ctx.req.isMultipart()) throw new AppError('invalidFile', { reason: 'noFile' });
  const file = await ctx.req.file();
  if (!file) throw new AppError('invalidFile', { reason: 'noFile' });
  const buf = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payloadTooLarge', { max: IMPORT_FILE_MAX_BYTES });
    throw err;
  });
  return { name: file.filename, buf };
}

/** Delivery orders (SPEC §7 Orders): lifecycle, deposit, pickup, staff actions, lists, import. */
export async function ordersModule(app: FastifyInstance) {
  // Scoped to this module: only the import routes take multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5 } });
  const deps: OrdersDeps = { db: app.db, doors: app.doors, realtime: app.realtime, log: app.log };
  const orders = new OrdersService(deps);
  const actions = new OrderActionsService(deps, app.adminPin);
  app.bus.on('doorChanged', (e) => actions.onDoorChanged(e));
  // Locker views of other areas (location grid, tiles' time chip) show the parcel a locker holds.
  app.lockerInfo.register(async (db, scope) => {
    const rows = await ('placeId' in scope
      ? ordersRepository.holdingOrdersOfPlace(db, scope.placeId)
      : ordersRepository.holdingOrdersOfLockers(db, [...scope.lockerIds]));
    return new Map(
      rows.map((o) => [
        o.locker_id!,
        {
          activeDelivery: {
            deliveryType: o.delivery_type as DeliveryType,
            storedAt: o.stored_at,
            orderId: o.id,
            packageId: o.package_id,
          },
        },
      ]),
    );
  });
  // Once a minute across instances: orders stuck in a door-open state are settled (see reconcile).
  app.jobs.every('orders.reconcileOpenDoors', { everyMs: 60_000 }, async () => {
    await actions.reconcile();
  });
  // Totals read order_counts; folding its appended rows keeps that a handful of rows.
  app.jobs.every('orders.compactCounts', { everyMs: 30_000 }, () => ordersRepository.compactCounts(app.db));

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

  registerRoutes(app, [
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
      handler: ({ query }) => orders.deliveryPlaces(query.locationId),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/delivery/analytics',
      permission: 'orders.analytics',
      summary: 'Orders per day and totals for a place and date range',
      query: analyticsQuerySchema,
      handler: ({ account, query }) => deliveryAnalytics(app.db, account!, query),
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
      handler: ({ account, query }) => orders.lockers(account!, query.locationId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/delivery/lockers/enabled',
      permission: 'orders.manage',
      summary: 'Disable or enable delivery lockers (admins)',
      body: lockersEnabledBodySchema,
      handler: ({ account, body }) => orders.setLockersEnabled(account!, body.lockerIds, body.enabled),
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
      handler: async (ctx) => {
        const f = await uploadedFile(ctx);
        return analyseImport(app.db, f.name, f.buf);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/delivery/importOrders',
      permission: 'orders.import',
      summary: 'Create every valid order of the file in one transaction (idempotent by package id)',
      handler: async (ctx) => {
        const f = await uploadedFile(ctx);
        return submitImport(app.db, ctx.account!, f.name, f.buf);
      },
    }),
  ]);
}
