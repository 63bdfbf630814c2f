import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Account } from '../../lib/account.js';
import { DeliveryLockersService } from './delivery-lockers.service.js';
import { KioskDeliveryService } from './kiosk-delivery.service.js';
import { OrderActionsService } from './order-actions.service.js';
import { OrderListService } from './order-list.service.js';
import { deliveryAnalytics } from './order-analytics.js';
import { previewUpload, submitUpload, type ImportQuery } from './order-import.js';
import { ImportProgressBoard } from './import-progress.js';
import { OrderPrintService } from './order-print.js';
import type { OrdersDeps } from './orders-deps.js';
import { OrdersService } from './orders.service.js';

/** The orders area's services, built once per app and shared by its routes and its wiring. */
export function ordersServices(app: FastifyInstance) {
  const deps: OrdersDeps = {
    db: app.db,
    doors: app.doors,
    lockerUpdates: app.lockerUpdates,
    log: app.log,
    events: app.orderEvents,
  };
  const orders = new OrdersService(deps);
  const lockers = new DeliveryLockersService(deps);
  const actions = new OrderActionsService(deps, app.adminPin);
  const importBoard = new ImportProgressBoard();
  return {
    orders,
    lockers,
    kiosk: new KioskDeliveryService(deps, orders, lockers, app.config.modules),
    actions,
    lists: new OrderListService(deps, actions),
    prints: new OrderPrintService(app.db),
    analytics: (account: Account, q: Parameters<typeof deliveryAnalytics>[2]) =>
      deliveryAnalytics(app.db, account, q),
    imports: {
      preview: (account: Account, query: ImportQuery, req: FastifyRequest) =>
        previewUpload(app.db, importBoard, account, query, req),
      submit: (account: Account, query: ImportQuery, req: FastifyRequest) =>
        submitUpload(deps, importBoard, account, query, req),
      progress: (account: Account, id: string) => importBoard.read(account.id, id),
    },
  };
}
export type OrdersServices = ReturnType<typeof ordersServices>;
