import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The public pickup page (/pickup/qr, issue #25) finds a recipient's parcels by the hash of the
  // QR payload their message links to, without a place to narrow it down.
  await db.schema.createIndex('orders_pickup_qr_hash_idx').on('orders').columns(['pickup_qr_hash']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_pickup_qr_hash_idx').ifExists().execute();
}
