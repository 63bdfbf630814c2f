import type { Insertable } from 'kysely';
import { SEARCH_COUNT_CAP } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import type { OrderLogsTable } from '../../db/tables/orders.js';
import { containsPattern, likeEscaped, sql, toNumber } from '../../db/helpers.js';
import { noteAuditRow } from '../../lib/audit-trail.js';

export interface OrderLogFilter {
  orderId?: number;
  packageId?: string;
  actionId?: number;
  from?: string;
  to?: string;
  company?: string | null;
  actor?: string;
  order?: 'asc' | 'desc';
}

/** The history of every order (order_logs): one row per action, written with the action. */
export const orderLogsRepository = {
  async insert(db: DbOrTx, values: Insertable<OrderLogsTable>) {
    await db.insertInto('order_logs').values(values).execute();
    noteAuditRow();
  },
  /** One order's history, oldest first. */
  async ofOrder(db: DbOrTx, orderId: number) {
    return db
      .selectFrom('order_logs')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id', 'asc')
      .execute();
  },
  /**
   * Did this account take the parcel in hand: create it, claim a locker for it, open a door to
   * deposit it or to take it back (a courier's own parcels, issue #31)?
   */
  async handledBy(db: DbOrTx, orderId: number, adminId: number): Promise<boolean> {
    const row = await db
      .selectFrom('order_logs')
      .select('id')
      .where('order_id', '=', orderId)
      .where('admin_id', '=', adminId)
      .where('action', 'in', [
        'create',
        'assignLocker',
        'openForDeposit',
        'openExteriorForDeposit',
        'openForReturn',
        'collectReturn',
      ])
      .executeTakeFirst();
    return row !== undefined;
  },
  /** Whether this account opened a deposit door for the order (what a courier's own list holds). */
  async depositedBy(db: DbOrTx, orderId: number, adminId: number): Promise<boolean> {
    const row = await db
      .selectFrom('order_logs')
      .select('id')
      .where('order_id', '=', orderId)
      .where('admin_id', '=', adminId)
      .where('action', 'in', ['openForDeposit', 'openExteriorForDeposit'])
      .whereRef('from_state', '!=', 'state')
      .executeTakeFirst();
    return row !== undefined;
  },
  /**
   * The logs screen: newest first, paged, with the total of the filter: exact, but above
   * SEARCH_COUNT_CAP matches (filtered or not), where it is the cap and `lowerBound` is true.
   */
  async list(db: DbOrTx, f: OrderLogFilter, limit: number, offset: number) {
    const where = <Q extends ReturnType<typeof logsBase>>(q: Q): Q => {
      let r = q;
      if (f.orderId) r = r.where('order_id', '=', f.orderId) as Q;
      if (f.packageId) r = r.where(likeEscaped('package_id', containsPattern(f.packageId))) as Q;
      if (f.actionId !== undefined) r = r.where('action_id', '=', f.actionId) as Q;
      // Any case, on both databases (PostgreSQL's LIKE minds case).
      if (f.actor)
        r = r.where(
          likeEscaped(sql`lower(${sql.ref('admin_name')})`, containsPattern(f.actor.toLowerCase())),
        ) as Q;
      if (f.from) r = r.where('created_at', '>=', f.from) as Q;
      if (f.to) r = r.where('created_at', '<', f.to) as Q;
      if (f.company !== undefined) r = r.where('company', '=', f.company ?? '') as Q;
      return r;
    };
    const logsBase = () => db.selectFrom('order_logs');
    const rows = await where(logsBase())
      .selectAll()
      .orderBy('created_at', f.order ?? 'desc')
      .orderBy('id', f.order ?? 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    // Logs grow with every order: no total counts past the cap, filtered or not.
    const total = await db
      .selectFrom(
        where(logsBase())
          .select('id')
          .limit(SEARCH_COUNT_CAP + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const n = toNumber(total?.n as number | string | undefined);
    const lowerBound = n > SEARCH_COUNT_CAP;
    return { rows, total: lowerBound ? SEARCH_COUNT_CAP : n, lowerBound };
  },
};
