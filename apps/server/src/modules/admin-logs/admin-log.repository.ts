import type { SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { sortTerms, type SortKey } from '../../db/keyset.js';
import type { AdminLogsTable } from '../../db/tables/foundation.js';
import type { Insertable } from 'kysely';

export const adminLogRepository = {
  async insert(db: DbOrTx, row: Insertable<AdminLogsTable>) {
    await db.insertInto('admin_logs').values(row).execute();
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

/** Admin log list queries (the /admins/logs screen), newest first on the (created_at, id) index. */
export const adminLogQueries = {
  async list(
    db: DbOrTx,
    f: AdminLogFilter,
    page: { limit: number; offset: number },
    sort: { sort: 'createdAt' | 'action' | 'adminName'; order: SortOrder } = {
      sort: 'createdAt',
      order: 'desc',
    },
  ) {
    let q = db.selectFrom('admin_logs');
    if (f.adminId !== undefined) q = q.where('admin_id', '=', f.adminId);
    if (f.actions?.length) q = q.where('action', 'in', f.actions);
    if (f.placeId !== undefined) q = q.where('place_id', '=', f.placeId);
    if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
    if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
    const [first, then] = sortTerms(SORT_KEY[sort.sort], 'id', sort.order);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy(first).orderBy(then).limit(page.limit).offset(page.offset).execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
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
