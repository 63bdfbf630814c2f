import type { Kysely } from 'kysely';

/**
 * Returns dropped off at a wall (issue #33, docs/adr/0180): the hash of the return code the partner
 * gave its customer. Only the hash is kept; the kiosk finds the return by it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('dropoff_code_hash', 'text').execute();
  await db.schema
    .createIndex('orders_dropoff_code')
    .on('orders')
    .column('dropoff_code_hash')
    .where('dropoff_code_hash', 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_dropoff_code').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('dropoff_code_hash').execute();
}
