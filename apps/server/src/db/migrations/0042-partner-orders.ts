import type { Kysely } from 'kysely';

/**
 * What a partner says of a pre-advised parcel (issue #24): the API key that sent it, the delivery
 * location it is headed to and its size when known. Columns of their own on orders; null for the
 * orders made in the back-office.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('api_key_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('target_place_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('parcel_size', 'text').execute();
  // A courier code at a kiosk looks up the carrier's parcels headed to that location.
  await db.schema
    .createIndex('orders_target_place')
    .on('orders')
    .columns(['target_place_id', 'state'])
    .where('target_place_id', 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_target_place').ifExists().execute();
  for (const column of ['parcel_size', 'target_place_id', 'api_key_id']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
