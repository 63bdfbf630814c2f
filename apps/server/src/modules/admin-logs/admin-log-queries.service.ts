import type { AdminLogFilters, AdminLogList, adminLogListQuerySchema } from '@cacifo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/schema.js';
import { adminLogQueries } from './admin-log.repository.js';

/** Details are stored as JSON; a row written before that (plain text) still reads. */
function parseDetails(details: string | null): Record<string, unknown> | null {
  if (!details) return null;
  try {
    return JSON.parse(details) as Record<string, unknown>;
  } catch {
    return { text: details };
  }
}

/** The admin log screen: filters by admin, action, date range (UTC days) and location. */
export class AdminLogQueriesService {
  constructor(private readonly db: Db) {}

  async list(query: z.output<typeof adminLogListQuerySchema>): Promise<AdminLogList> {
    const { rows, total } = await adminLogQueries.list(
      this.db,
      {
        adminId: query.adminId,
        actions: query.action,
        placeId: query.placeId,
        userId: query.userId,
        from: query.createdAtInterval && `${query.createdAtInterval.from}T00:00:00.000Z`,
        to: query.createdAtInterval && `${query.createdAtInterval.to}T23:59:59.999Z`,
      },
      { limit: query.max_results, offset: query.offset },
      { sort: query.sort, order: query.order },
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
  }

  async filters(): Promise<AdminLogFilters> {
    const o = await adminLogQueries.filterOptions(this.db);
    return {
      admins: o.admins.map((a) => ({ id: Number(a.id), name: String(a.name ?? '') })),
      places: o.places.map((p) => ({ id: Number(p.id), name: String(p.name ?? '') })),
      actions: o.actions,
    };
  }
}
