import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { OrderLogsTable, OrdersTable } from '../../db/tables/orders.js';
import { onPackageIdTaken } from './order-query.repository.js';
import { noteAuditRow } from '../../lib/audit-trail.js';

/**
 * Bound parameters per statement: under SQLite's limit (32,766 since 3.32) and PostgreSQL's
 * (65,535), with room to spare.
 */
const MAX_PARAMS = 30_000;

/** Splits rows into multi-row INSERTs that stay under the parameter limit of either database. */
function* chunks<T extends object>(rows: T[]): Generator<T[]> {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** Bulk writes of the orders import: a few multi-row statements instead of two per order. */
export const orderImportRepository = {
  /**
   * Inserts the orders whose package id is not taken yet in any case (an earlier import, a concurrent one) and
   * returns the new ids by package id; an order missing from the map was skipped.
   */
  async insertNew(db: DbOrTx, rows: Insertable<OrdersTable>[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const chunk of chunks(rows)) {
      const inserted = await db
        .insertInto('orders')
        .values(chunk)
        .onConflict(onPackageIdTaken)
        .returning(['id', 'package_id'])
        .execute();
      for (const r of inserted) ids.set(r.package_id, r.id);
    }
    return ids;
  },
  async insertLogs(db: DbOrTx, rows: Insertable<OrderLogsTable>[]): Promise<void> {
    for (const chunk of chunks(rows)) await db.insertInto('order_logs').values(chunk).execute();
    noteAuditRow(rows.length);
  },
};
