import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The place hashes of a person's PIN (a staff courier's, an office user's), made when the PIN is
  // in clear (set, or typed at a kiosk): the server keeps only slow or peppered hashes of it, from
  // which no place hash can be made later (issue #32, ADR 0125).
  await db.schema
    .createTable('device_secret_hashes')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('place_id', 'integer', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_secret_hashes_pk', ['subject', 'place_id', 'via'])
    .execute();
  await db.schema
    .createIndex('device_secret_hashes_place_idx')
    .on('device_secret_hashes')
    .columns(['place_id', 'via'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_secret_hashes').ifExists().execute();
}
