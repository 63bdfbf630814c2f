import type { FastifyInstance } from 'fastify';
import { adminLogsApi } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { AdminLogQueriesService } from './admin-log-queries.service.js';

/** The admin log screen: filters by admin, action, date range and location; paged on the server. */
export async function adminLogsModule(app: FastifyInstance) {
  const service = new AdminLogQueriesService(app.db);
  registerRoutes(app, [
    route(adminLogsApi.list, ({ query }) => service.list(query)),
    route(adminLogsApi.exportLogs, ({ reply, query }) => service.export(reply, query)),
    route(adminLogsApi.filters, () => service.filters()),
  ]);
}
