import { sql } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';

export const rateLimitRepository = {
  /**
   * Counts one attempt under `key` and answers the count and window after it, in one statement: an
   * upsert locks the row (PostgreSQL) or runs alone (SQLite), so concurrent attempts, from any
   * instance, each see a distinct count. A window older than `staleBefore` starts again at 1.
   */
  async hit(db: DbOrTx, key: string, now: string, staleBefore: string) {
    const stale = sql<boolean>`${sql.ref('rate_limits.window_start')} <= ${staleBefore}`;
    return db
      .insertInto('rate_limits')
      .values({ key, count: 1, window_start: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${stale} then 1 else ${sql.ref('rate_limits.count')} + 1 end`,
          window_start: sql<string>`case when ${stale} then ${now} else ${sql.ref('rate_limits.window_start')} end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
  },
  /** Gives one attempt back (it turned out not to be a failure). */
  async refund(db: DbOrTx, key: string) {
    await db
      .updateTable('rate_limits')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  },
  async clear(db: DbOrTx, key: string) {
    await db.deleteFrom('rate_limits').where('key', '=', key).execute();
  },
};
