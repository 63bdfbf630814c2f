import type { Kysely } from 'kysely';

/**
 * A rental's own codes (issue #33): the PIN and the QR the customer gets at the marketplace wall,
 * to reopen, extend and end it there. Only hashes are kept (like pickup codes); a PIN is hashed
 * with its place, unique among the place's rentals that hold a locker. Rentals made before this
 * have none and are found by the back-office only.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rentals').addColumn('pin_hash', 'text').execute();
  await db.schema.alterTable('rentals').addColumn('qr_hash', 'text').execute();
  await db.schema.createIndex('rentals_pin_idx').on('rentals').columns(['place_id', 'pin_hash']).execute();
  await db.schema.createIndex('rentals_qr_idx').on('rentals').column('qr_hash').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rentals_qr_idx').execute();
  await db.schema.dropIndex('rentals_pin_idx').execute();
  await db.schema.alterTable('rentals').dropColumn('qr_hash').execute();
  await db.schema.alterTable('rentals').dropColumn('pin_hash').execute();
}
