import type { Kysely } from 'kysely';

/**
 * Order lists are read newest first, a page at a time. Without these the page sorts every
 * matching order (SQLite: full scan plus a temporary B-tree), so it grows with the table; with
 * them it walks the index from the newest row and stops after the page (docs/performance.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('orders_archived_created_idx')
    .on('orders')
    .columns(['archived', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_archived_created_idx').ifExists().execute();
  await db.schema.dropIndex('orders_created_idx').ifExists().execute();
}
