import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Wrong codes typed at the kiosks, per credential (docs/adr/0130): one row per key (the typed input,
  // the screen, the place, each per kind of code), the failures in its window and, once they pass the
  // free ones, the time before which the key answers "wait" without looking at the code.
  await db.schema
    .createTable('kiosk_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kiosk_attempts').ifExists().execute();
}
