import {
  adminLogAction,
  type AdminLogExportQuery,
  type AdminLogFilters,
  type AdminLogList,
  type adminLogListQuerySchema,
} from '@cacifo/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/schema.js';
import { seekPages } from '../../db/keyset.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { adminLogCursor, adminLogQueries, type AdminLogFilter } from './admin-log.repository.js';

/** The repository's filter from the list's query (the export's too): days become instants. */
function filterOf(
  query: Omit<AdminLogExportQuery, 'format' | 'language' | 'sort' | 'order'>,
): AdminLogFilter {
  return {
    adminId: query.adminId,
    actions: query.action,
    placeId: query.placeId,
    userId: query.userId,
    from: query.createdAtInterval && `${query.createdAtInterval.from}T00:00:00.000Z`,
    to: query.createdAtInterval && `${query.createdAtInterval.to}T23:59:59.999Z`,
  };
}

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
      filterOf(query),
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

  /** The filtered log in the list's order as .xlsx or .csv, streamed (lib/list-export.ts). */
  async export(reply: FastifyReply, q: AdminLogExportQuery): Promise<FastifyReply> {
    const t = await exportLabels(q.language);
    const f = filterOf(q);
    const s = { sort: q.sort, order: q.order };
    const chunks = seekPages(
      (cursor, limit) => adminLogQueries.chunkAfter(this.db, f, s, cursor, limit),
      (r) => adminLogCursor(q.sort, r),
    );
    const x = (key: string) => t(`admins.logs.${key}`);
    return sendExport(reply, {
      format: q.format,
      fileName: x('exportFile'),
      sheetName: x('exportSheet'),
      chunks,
      columns: [
        { header: x('date'), value: (r) => r.created_at, width: 22 },
        { header: x('admin'), value: (r) => r.admin_name, width: 22 },
        {
          header: x('action'),
          value: (r) =>
            adminLogAction.has(r.action) ? t(adminLogAction.labelKey(r.action as never)) : r.action,
          width: 30,
        },
        { header: x('user'), value: (r) => r.user_name, width: 22 },
        { header: x('locker'), value: (r) => r.door_number, width: 8 },
        { header: x('location'), value: (r) => r.place_name, width: 22 },
      ],
    });
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
