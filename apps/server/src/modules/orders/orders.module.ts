import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { registerRoutes, type RouteDef } from '../../lib/define-route.js';
import { deliveryLockerInfo } from './delivery-locker-info.js';
import type { OrderActionsService } from './order-actions.service.js';
import { orderCountsRepository } from './order-counts.repository.js';
import { IMPORT_FILE_MAX_BYTES } from './order-import.js';
import { ordersRoutes } from './orders.routes.js';
import { ordersServices } from './orders-services.js';

/**
 * Delivery orders (SPEC §7 Orders): builds the services, registers the routes, then wires what
 * runs without a request (door events, the locker views' parcel info, periodic jobs).
 */
export async function ordersModule(app: FastifyInstance) {
  const services = ordersServices(app);
  const routes = ordersRoutes(services);
  const isUpload = (r: RouteDef) => r.endpoint && 'upload' in r.endpoint && r.endpoint.upload === true;
  registerRoutes(
    app,
    routes.filter((r) => !isUpload(r)),
  );
  // Only the uploads take multipart bodies: the plugin's request and response hooks (a close
  // listener and a temporary-file sweep per request) stay off every other route (issue #34).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5 } });
    registerRoutes(uploads, routes.filter(isUpload));
  });
  wireOrders(app, services.actions);
}

function wireOrders(app: FastifyInstance, actions: OrderActionsService) {
  // A door closing completes the step its opening started (stored, delivered, cancelled...).
  app.bus.on('doorChanged', (e) => actions.onDoorChanged(e));
  // A wall's journal says the door closed, and the live event had told it already (ADR 0125).
  app.bus.on('doorSettled', (e) => actions.onDoorChanged(e));
  // Locker views of other areas (location grid, tiles' time chip) show the parcel a locker holds.
  app.lockerInfo.register(deliveryLockerInfo);
  // Once a minute across instances: orders stuck in a door-open state are settled (see reconcile).
  app.jobs.every('orders.reconcileOpenDoors', { everyMs: 60_000 }, async () => {
    await actions.reconcile();
  });
  // Totals read order_counts; folding its appended rows keeps that a handful of rows.
  app.jobs.every('orders.compactCounts', { everyMs: 30_000 }, () => orderCountsRepository.compact(app.db));
}
