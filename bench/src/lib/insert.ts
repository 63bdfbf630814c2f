import type { Kysely } from 'kysely';
import type { Db } from '../../../apps/server/src/db/schema.js';

// SQLite allows 32,766 bound parameters per statement and PostgreSQL 65,535: stay under both.
const MAX_PARAMS = 30_000;
const MAX_ROWS = 2_000;

/**
 * Writes `count` rows made by `make(i)` in multi-row INSERTs, several statements per transaction.
 * Rows go straight through Kysely, never the API: the point is volume, not the business rules.
 */
type Row = Record<string, string | number | null>;

export async function insertMany<R extends Row>(
  db: Db,
  table: string,
  count: number,
  make: (i: number) => R,
  progress?: (done: number) => void,
): Promise<void> {
  if (count === 0) return;
  const columns = Object.keys(make(0)).length;
  const batch = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
  // One transaction per ~50k rows: SQLite pays a sync per commit, PostgreSQL a WAL flush.
  const perTx = Math.max(1, Math.floor(50_000 / batch)) * batch;
  for (let start = 0; start < count; start += perTx) {
    const end = Math.min(count, start + perTx);
    await db.transaction().execute(async (tx) => {
      for (let s = start; s < end; s += batch) {
        const rows: R[] = [];
        for (let i = s; i < Math.min(end, s + batch); i++) rows.push(make(i));
        // One helper for every table: the row shapes are checked by the database, not by Kysely.
        await (tx as unknown as Kysely<Record<string, Row>>).insertInto(table).values(rows).execute();
      }
    });
    progress?.(end);
  }
}

/** Ids of a table in insertion order (fresh database: 1..n, but never assumed). */
export async function idsOf(
  db: Db,
  table: 'places' | 'lockers' | 'locker_users' | 'assets',
): Promise<number[]> {
  const rows = await db.selectFrom(table).select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}
