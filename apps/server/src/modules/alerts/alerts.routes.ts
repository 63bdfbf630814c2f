import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can, maxResultsSchema, offsetSchema } from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { AlertsService } from './alerts.service.js';

export async function alertsModule(app: FastifyInstance) {
  const service = new AlertsService(app.db, app.lockerInfo);
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/julian/alerts',
      permission: 'alerts.view',
      query: z.object({ max_results: maxResultsSchema, offset: offsetSchema }),
      handler: ({ query }) => service.alerts(query.max_results, query.offset),
    }),
    // Badge counts are read by every menu that shows a badge, so any session may read them.
    defineRoute({
      method: 'GET',
      url: '/api/julian/alerts/count',
      permission: 'session',
      handler: () => service.alertCount(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/dashboard/getExpiredLockersCount',
      permission: 'session',
      handler: () => service.expiredCounts(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/dashboard/getNotClosedLockers',
      permission: 'alerts.view',
      handler: () => service.notClosed(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/dashboard/getOpenedOrAlertLockersCount',
      permission: 'alerts.view',
      handler: () => service.openedOrAlertCount(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/getExpiredLockers',
      permission: 'session',
      summary: 'Expired lockers: Data.office and Data.delivery, keyed by location',
      // Each half is shown only to roles that may see that area's lockers.
      handler: async ({ account }) => {
        const all = await service.expired();
        return {
          office: can(account!.role, 'office.view', app.config.modules) ? all.office : {},
          delivery: can(account!.role, 'orders.view', app.config.modules) ? all.delivery : {},
        };
      },
    }),
  ]);
}
