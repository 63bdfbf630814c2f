import type { SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';
import type { AdminLogsTable } from '../../db/tables/foundation.js';
import type { Insertable } from 'kysely';
import { noteAuditRow } from '../../lib/audit-trail.js';

export const adminLogRepository = {
  async insert(db: DbOrTx, row: Insertable<AdminLogsTable>) {
    await db.insertInto('admin_logs').values(row).execute();
    noteAuditRow();
  },
};

export interface AdminLogFilter {
  adminId?: number | undefined;
  actions?: number[] | undefined;
  placeId?: number | undefined;
  userId?: number | undefined;
  /** Inclusive ISO bounds. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The columns the list sorts by (the contract's whitelist); names in any case. */
const SORT_KEY: Record<'createdAt' | 'action' | 'adminName', SortKey> = {
  createdAt: { ref: 'created_at' },
  action: { ref: 'action' },
  adminName: { ref: 'admin_name', lower: true },
};

export interface AdminLogSort {
  sort: 'createdAt' | 'action' | 'adminName';
  order: SortOrder;
}
const DEFAULT_SORT: AdminLogSort = { sort: 'createdAt', order: 'desc' };

function filtered(db: DbOrTx, f: AdminLogFilter) {
  let q = db.selectFrom('admin_logs');
  if (f.adminId !== undefined) q = q.where('admin_id', '=', f.adminId);
  if (f.actions?.length) q = q.where('action', 'in', f.actions);
  if (f.placeId !== undefined) q = q.where('place_id', '=', f.placeId);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
  return q;
}

function sorted(db: DbOrTx, f: AdminLogFilter, s: AdminLogSort) {
  const [first, then] = sortTerms(SORT_KEY[s.sort], 'id', s.order);
  return filtered(db, f).selectAll().orderBy(first).orderBy(then);
}

/** Where a row stands in the list's order (for reading the next chunk of an export). */
export const adminLogCursor = (
  sort: AdminLogSort['sort'],
  r: { id: number; created_at: string; action: number; admin_name: string },
): SeekCursor => ({
  value: sort === 'createdAt' ? r.created_at : sort === 'action' ? r.action : r.admin_name.toLowerCase(),
  id: r.id,
});

/** Admin log list queries (the /admins/logs screen), newest first on the (created_at, id) index. */
export const adminLogQueries = {
  async list(
    db: DbOrTx,
    f: AdminLogFilter,
    page: { limit: number; offset: number },
    sort: AdminLogSort = DEFAULT_SORT,
  ) {
    const [rows, total] = await Promise.all([
      sorted(db, f, sort).limit(page.limit).offset(page.offset).execute(),
      filtered(db, f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },
  /** The chunk of the filtered log after `cursor`, in the list's order (the export reads it whole). */
  chunkAfter(db: DbOrTx, f: AdminLogFilter, s: AdminLogSort, cursor: SeekCursor | null, limit: number) {
    let q = sorted(db, f, s);
    if (cursor) q = q.where(afterCursor(SORT_KEY[s.sort], 'id', s.order, cursor));
    return q.limit(limit).execute();
  },

  /** Who and where appear in the log, for the filter selects (names as last written). */
  async filterOptions(db: DbOrTx) {
    const [admins, places, actions] = await Promise.all([
      db
        .selectFrom('admin_logs')
        .select(['admin_id as id', (eb) => eb.fn.max('admin_name').as('name')])
        .where('admin_id', 'is not', null)
        .groupBy('admin_id')
        .execute(),
      db
        .selectFrom('admin_logs')
        .select(['place_id as id', (eb) => eb.fn.max('place_name').as('name')])
        .where('place_id', 'is not', null)
        .groupBy('place_id')
        .execute(),
      db.selectFrom('admin_logs').select('action').distinct().orderBy('action').execute(),
    ]);
    return { admins, places, actions: actions.map((a) => a.action) };
  },
};
