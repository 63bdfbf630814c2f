import type { FastifyInstance } from 'fastify';
import { adminLogListQuerySchema, type AdminLogFilters, type AdminLogList } from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { adminLogQueries } from './admin-log.repository.js';

function parseDetails(details: string | null): Record<string, unknown> | null {
  if (!details) return null;
  try {
    return JSON.parse(details) as Record<string, unknown>;
  } catch {
    return { text: details };
  }
}

/** The admin log screen: filters by admin, action, date range and location; paged on the server. */
export async function adminLogsModule(app: FastifyInstance) {
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/admin/logs',
      permission: 'adminLogs.view',
      summary: 'Admin log, newest first (createdAtInterval YYYY-MM-DD|YYYY-MM-DD, UTC days)',
      query: adminLogListQuerySchema,
      async handler({ query }): Promise<AdminLogList> {
        const { rows, total } = await adminLogQueries.list(
          app.db,
          {
            adminId: query.adminId,
            actions: query.action,
            placeId: query.placeId,
            userId: query.userId,
            from: query.createdAtInterval && `${query.createdAtInterval.from}T00:00:00.000Z`,
            to: query.createdAtInterval && `${query.createdAtInterval.to}T23:59:59.999Z`,
          },
          { limit: query.max_results, offset: query.offset },
        );
        return {
          total,
          logs: rows.map((r) => ({
            id: r.id,
            adminId: r.admin_id,
            adminName: r.admin_name,
            action: r.action,
            userId: r.user_id,
            userName: r.user_name,
            lockerId: r.locker_id,
            doorNumber: r.door_number,
            placeId: r.place_id,
            placeName: r.place_name,
            details: parseDetails(r.details),
            createdAt: r.created_at,
          })),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/logs/filters',
      permission: 'adminLogs.view',
      summary: 'Admins, locations and action codes present in the log',
      async handler(): Promise<AdminLogFilters> {
        const o = await adminLogQueries.filterOptions(app.db);
        return {
          admins: o.admins.map((a) => ({ id: Number(a.id), name: String(a.name ?? '') })),
          places: o.places.map((p) => ({ id: Number(p.id), name: String(p.name ?? '') })),
          actions: o.actions,
        };
      },
    }),
  ]);
}
