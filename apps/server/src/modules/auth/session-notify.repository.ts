import type { DbOrTx } from '../../db/schema.js';
import { dialectOf, sql } from '../../db/helpers.js';

/**
 * On PostgreSQL, a NOTIFY inside the caller's transaction: the other instances hear it when the
 * change commits. SQLite runs one instance; nothing to tell.
 */
export async function notifyChannel(db: DbOrTx, channel: string): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`SELECT pg_notify(${channel}, '')`.execute(db);
}
