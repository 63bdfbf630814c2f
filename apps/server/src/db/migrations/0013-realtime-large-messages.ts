import type { Kysely } from 'kysely';
import { dialectOf } from '../helpers.js';

/**
 * PostgreSQL NOTIFY refuses payloads over 8,000 bytes ("payload string too long"): a sweep that
 * disabled thousands of users could not tell other screens. A larger realtime message is stored
 * here and the notification carries its id (plugins/realtime.ts). Rows are kept a few minutes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('realtime_messages')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('realtime_messages').ifExists().execute();
}
