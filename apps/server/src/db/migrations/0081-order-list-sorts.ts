import type { Kysely } from 'kysely';

/**
 * The order lists sort on the server by when a package was stored or last changed (issue #22):
 * the expired list reads oldest deposit first and the courier's list last change first. With these
 * a page (and an export's keyset chunk) walks the index instead of sorting every matching order.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_stored_idx').on('orders').columns(['stored_at', 'id']).execute();
  await db.schema.createIndex('orders_updated_idx').on('orders').columns(['updated_at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_updated_idx').ifExists().execute();
  await db.schema.dropIndex('orders_stored_idx').ifExists().execute();
}
