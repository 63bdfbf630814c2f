import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { ToolTextsTable } from '../../db/tables/admin.js';
import { toNumber } from '../../db/helpers.js';

/**
 * Operational data "delete all user data" clears (admin log 23), children before parents:
 * locker users and everything hanging off them, orders, rentals and payments, and their logs.
 * Configuration stays: places, lockers, groups, schedules, assets, prices, vouchers, accounts.
 */
const USER_DATA_TABLES = [
  'user_lockers',
  'user_group_members',
  'user_schedules',
  'office_access_log',
  'asset_user_schedules',
  'asset_users',
  'asset_logs',
  // Per-day totals of asset_logs (migration 0012): they go with the logs.
  'asset_log_days',
  'order_logs',
  'messages',
  'transaction_logs',
  'transactions',
  'rentals',
  'orders',
  'locker_users',
] as const;

export const toolsRepository = {
  listTexts(db: DbOrTx) {
    return db.selectFrom('tool_texts').selectAll().execute();
  },

  async upsertTexts(db: DbOrTx, rows: Insertable<ToolTextsTable>[]) {
    for (const row of rows) {
      await db
        .insertInto('tool_texts')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            pt: row.pt,
            en: row.en,
            es: row.es,
            fr: row.fr,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    }
  },

  async getSetting(db: DbOrTx, key: string) {
    const r = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return r?.value ?? null;
  },

  async setSetting(db: DbOrTx, key: string, value: string, now: string) {
    await db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  },

  /** Tables of USER_DATA_TABLES that exist in this deployment (modules add their own). */
  async existingUserDataTables(db: DbOrTx): Promise<string[]> {
    const tables = await db.introspection.getTables();
    const names = new Set(tables.map((t) => t.name));
    return USER_DATA_TABLES.filter((t) => names.has(t));
  },

  async clearTable(db: DbOrTx, table: string): Promise<number> {
    // The name comes from USER_DATA_TABLES only, never from the request.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = await (db as any).deleteFrom(table).executeTakeFirst();
    return toNumber(r.numDeletedRows as bigint);
  },

  /**
   * With no users, orders or rentals left, no locker is reserved or occupied by them any more.
   * Lockers that hold assets keep their state: assets are configuration, not user data.
   */
  async freeLockers(db: DbOrTx, now: string) {
    await db
      .updateTable('lockers')
      .set({ status: 0, expiration_date_time: null, updated_at: now })
      .where('status', '!=', 0)
      .where('id', 'not in', db.selectFrom('asset_lockers').select('locker_id'))
      .execute();
  },
};
