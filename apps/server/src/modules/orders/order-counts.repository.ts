import type { Db, DbOrTx } from '../../db/schema.js';
import { dialectOf, sql, toNumber } from '../../db/helpers.js';

/**
 * Totals of orders by state, archive flag and company, kept by database triggers in `order_counts`
 * (migration 0010): a handful of rows, whatever the number of orders.
 */
export const orderCountsRepository = {
  /** The total of a state / archive / company filter, read from the counts (not the orders). */
  async total(
    db: DbOrTx,
    f: { states?: readonly number[]; archived?: boolean; company?: string | null },
  ): Promise<number> {
    let q = db.selectFrom('order_counts').select((eb) => eb.fn.sum<number | string | null>('n').as('n'));
    if (f.states?.length) q = q.where('state', 'in', [...f.states]);
    if (f.archived !== undefined) q = q.where('archived', '=', f.archived ? 1 : 0);
    if (f.company !== undefined) q = q.where('company', '=', f.company ?? '');
    const r = await q.executeTakeFirst();
    return toNumber(r?.n ?? 0);
  },
  /**
   * Folds the rows the triggers appended into one per key, so totals stay a handful of rows.
   * PostgreSQL: one statement, so a row appended meanwhile is either folded or left, never lost.
   * SQLite: one connection and one writer, so the transaction sees every row it deletes.
   */
  async compact(db: Db): Promise<void> {
    if (dialectOf(db) === 'postgres') {
      await sql`
        WITH gone AS (DELETE FROM order_counts RETURNING state, archived, company, n)
        INSERT INTO order_counts (state, archived, company, n)
        SELECT state, archived, company, sum(n) FROM gone GROUP BY state, archived, company HAVING sum(n) <> 0
      `.execute(db);
      return;
    }
    await db.transaction().execute(async (tx) => {
      const last = await tx
        .selectFrom('order_counts')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      if (last?.id == null) return;
      await sql`
        INSERT INTO order_counts (state, archived, company, n)
        SELECT state, archived, company, sum(n) FROM order_counts WHERE id <= ${last.id}
        GROUP BY state, archived, company HAVING sum(n) <> 0
      `.execute(tx);
      await tx.deleteFrom('order_counts').where('id', '<=', last.id).execute();
    });
  },
};
