import { dialectOf } from '../../db/helpers.js';
import type { DbOrTx, Tx } from '../../db/schema.js';

export interface KioskAttemptRow {
  key: string;
  failures: number;
  window_start: string;
  blocked_until: string | null;
}

/** The kiosks' wrong-code counters (docs/adr/0130). Kysely only; the rules are in kiosk-guard.ts. */
export const kioskAttemptsRepository = {
  /**
   * The row of `key`, created empty when missing, locked for the rest of the transaction on
   * PostgreSQL (SQLite runs one writing transaction at a time), so concurrent attempts see each
   * other's counts.
   */
  async lock(tx: Tx, key: string, now: string): Promise<KioskAttemptRow> {
    await tx
      .insertInto('kiosk_attempts')
      .values({ key, failures: 0, window_start: now, blocked_until: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    let q = tx.selectFrom('kiosk_attempts').selectAll().where('key', '=', key);
    if (dialectOf(tx) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirstOrThrow();
  },
  async save(tx: Tx, row: KioskAttemptRow) {
    await tx
      .updateTable('kiosk_attempts')
      .set({ failures: row.failures, window_start: row.window_start, blocked_until: row.blocked_until })
      .where('key', '=', row.key)
      .execute();
  },
  async clear(db: DbOrTx, key: string) {
    await db.deleteFrom('kiosk_attempts').where('key', '=', key).execute();
  },
  /** Rows whose window and hold are both over: they would start again from nothing anyway. */
  async prune(db: DbOrTx, windowBefore: string, now: string) {
    await db
      .deleteFrom('kiosk_attempts')
      .where('window_start', '<', windowBefore)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', now)]))
      .execute();
  },
};
