import { sql, type Kysely } from 'kysely';

/**
 * The navbar search and the scanner find an order by its package id typed in any case, as the
 * lists' search does (issue #22): an exact id is looked up first; a miss looks up
 * `lower(package_id)`, which this index serves on both databases.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX orders_package_lower_idx ON orders (lower(package_id))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_package_lower_idx').ifExists().execute();
}
