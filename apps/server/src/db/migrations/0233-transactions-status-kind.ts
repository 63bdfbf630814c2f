import { sql, type Kysely } from 'kysely';

/**
 * The marketplace sweep (every 30 s) looks for extensions and overtime nobody approved in time:
 * `status = 'pending' AND kind IN ('extension', 'overtime')`. Through the status index alone it
 * read every pending transaction, most of them rentals (4,074 on the bench's large data): 1.5 ms
 * warm and 36 ms cold on SQLite's one thread, every request and door event waiting meanwhile
 * (docs/performance.md, set M). With the kind beside the status it reads only those two kinds.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX transactions_status_kind_idx ON transactions (status, kind)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactions_status_kind_idx').ifExists().execute();
}
