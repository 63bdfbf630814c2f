import type { FastifyInstance } from 'fastify';
import { carrierKioskApi, partnerApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { DeliveryLockersService } from '../orders/delivery-lockers.service.js';
import type { OrdersDeps } from '../orders/orders-deps.js';
import { OrdersService } from '../orders/orders.service.js';
import { CourierCodesService } from './courier-codes.service.js';
import { PartnerOrdersService } from './partner-orders.service.js';
import { ReturnDropoffService } from './return-dropoff.service.js';

/** The partner API, /api/partner/v1 (issue #24): API keys only, each route of one scope. */
export async function partnerModule(app: FastifyInstance) {
  const deps: OrdersDeps = {
    db: app.db,
    doors: app.doors,
    lockerUpdates: app.lockerUpdates,
    log: app.log,
    events: app.orderEvents,
  };
  const lockers = new DeliveryLockersService(deps);
  const orders = new PartnerOrdersService(deps, lockers);
  const engine = new OrdersService(deps);
  const codes = new CourierCodesService(deps, engine, lockers);
  const returns = new ReturnDropoffService(deps, orders, engine);
  registerRoutes(app, [
    route(api.createOrder, ({ apiKey, body }) => orders.create(apiKey, body)),
    route(api.createReturn, ({ apiKey, body }) => returns.create(apiKey, body)),
    route(api.order, ({ apiKey, params }) => orders.get(apiKey, params.packageId)),
    route(api.cancelOrder, ({ apiKey, params }) => orders.cancel(apiKey, params.packageId)),
    route(api.locations, ({ apiKey }) => orders.locations(apiKey)),
    route(api.courierCodes, ({ apiKey }) => codes.today(apiKey)),
    // A carrier's courier at a wall's kiosk (the screen account of that place).
    route(carrierKioskApi.parcels, ({ screen, body }) => codes.parcels(screen, body.accessCode)),
    route(carrierKioskApi.deposit, ({ screen, body }) =>
      codes.deposit(screen, body.accessCode, body.packageId, body.size),
    ),
    route(carrierKioskApi.collectReturn, ({ screen, body }) =>
      codes.collectReturn(screen, body.accessCode, body.packageId),
    ),
    route(carrierKioskApi.returnDropoff, ({ screen, body }) => returns.dropOff(screen, body.returnCode)),
  ]);
}
