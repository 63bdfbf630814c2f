import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso, sql } from '../../db/helpers.js';

/** Transaction statuses that still hold money or wait for it (contract `transactionStatus`). */
const PENDING_STATUSES = ['pending', 'processing', 'captive'];

export const officeSupportRepository = {
  /** A setting's value (the PIN pepper lives in settings, away from the users table). */
  async setting(db: DbOrTx, key: string): Promise<string | undefined> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  },
  /** Writes the setting unless another caller wrote it first (that one wins). */
  async addSettingIfMissing(db: DbOrTx, key: string, value: string): Promise<void> {
    await db
      .insertInto('settings')
      .values({ key, value, updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
  /**
   * Open transactions naming this locker user. The marketplace area owns transactions; they name the
   * renter by phone (or by id, should a `locker_user_id` column appear). With no transactions table,
   * there are none.
   */
  async pendingTransactions(db: DbOrTx, user: { id: number; phone_number: string | null }): Promise<number> {
    const tables = await (db as Db).introspection.getTables();
    const t = tables.find((x) => x.name === 'transactions');
    if (!t) return 0;
    const byId = t.columns.some((c) => c.name === 'locker_user_id');
    const byPhone = t.columns.some((c) => c.name === 'phone') && !!user.phone_number;
    if (!byId && !byPhone) return 0;
    const who = [
      ...(byId ? [sql`locker_user_id = ${user.id}`] : []),
      ...(byPhone ? [sql`phone = ${user.phone_number}`] : []),
    ];
    const r = await sql<{ n: number | string }>`select count(*) as n from transactions
      where status in (${sql.join(PENDING_STATUSES)}) and (${sql.join(who, sql` or `)})`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  },
};
