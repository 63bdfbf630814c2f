import type { DbOrTx } from '../../db/schema.js';

export const rateLimitRepository = {
  async get(db: DbOrTx, key: string) {
    return db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
  },
  async set(db: DbOrTx, key: string, count: number, windowStart: string) {
    await db
      .insertInto('rate_limits')
      .values({ key, count, window_start: windowStart })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count, window_start: windowStart }))
      .execute();
  },
  async clear(db: DbOrTx, key: string) {
    await db.deleteFrom('rate_limits').where('key', '=', key).execute();
  },
};
