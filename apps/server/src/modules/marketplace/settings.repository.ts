import type { DbOrTx } from '../../db/schema.js';

const PREFIX = 'marketplace.';

/** Marketplace settings live in the shared key/value `settings` table, one JSON value per key. */
export const settingsRepository = {
  async all(db: DbOrTx): Promise<Map<string, unknown>> {
    const rows = await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', `${PREFIX}%`)
      .execute();
    return new Map(rows.map((r) => [r.key.slice(PREFIX.length), JSON.parse(r.value) as unknown]));
  },

  async put(db: DbOrTx, key: string, value: unknown, now: string) {
    await db
      .insertInto('settings')
      .values({ key: PREFIX + key, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
      .execute();
  },

  /** Only inserts: two instances generating a secret at once keep the first one. */
  async putIfAbsent(db: DbOrTx, key: string, value: unknown, now: string) {
    await db
      .insertInto('settings')
      .values({ key: PREFIX + key, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
};
