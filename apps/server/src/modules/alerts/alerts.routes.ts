import type { FastifyInstance } from 'fastify';
import { alertsApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { AlertsService } from './alerts.service.js';

export async function alertsModule(app: FastifyInstance) {
  const service = new AlertsService(app.db, app.lockerInfo, app.config.modules);
  registerRoutes(app, [
    route(api.list, ({ query }) => service.alerts(query)),
    route(api.exportAlerts, ({ reply, query }) => service.export(reply, query)),
    route(api.acknowledge, ({ account, params, body }) => service.acknowledge(account, params.id, body.note)),
    route(api.count, () => service.alertCount()),
    route(api.expiredCount, ({ account }) => service.expiredCounts(account)),
    route(api.notClosed, () => service.notClosed()),
    route(api.openedOrAlertCount, () => service.openedOrAlertCount()),
    route(api.expired, ({ account }) => service.expiredFor(account)),
  ]);
}
