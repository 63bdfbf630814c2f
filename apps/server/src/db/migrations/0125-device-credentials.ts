import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The place hashes of a parcel's pickup or return code (issue #32, ADR 0125), made when the code is
  // issued: it exists in clear only then, and the controller checks the code alone with them.
  await db.schema
    .createTable('device_code_hashes')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('place_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('qr_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The credential set last published for each place: the next one is compared with it (a delta).
  await db.schema
    .createTable('device_credential_sets')
    .addColumn('place_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Every journal entry a controller sent, applied once by (place, boot, seq). `boot` is text: it
  // may be epoch milliseconds, past PostgreSQL's integer.
  await db.schema
    .createTable('device_journal')
    .addColumn('place_id', 'integer', (c) => c.notNull())
    .addColumn('boot', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('controller_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_journal_pk', ['place_id', 'boot', 'seq'])
    .execute();
  await db.schema
    .createIndex('device_journal_result_idx')
    .on('device_journal')
    .columns(['result', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_journal').ifExists().execute();
  await db.schema.dropTable('device_credential_sets').ifExists().execute();
  await db.schema.dropTable('device_code_hashes').ifExists().execute();
}
