import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Who acknowledged a locker's alert, when and why (issue #27). One row per locker: the latest
  // acknowledgement, which belongs to the alert that began at `alert_since` (the locker's
  // door_status_updated_at then). Acknowledging clears nothing: the door status is the hardware's.
  await db.schema
    .createTable('alert_acknowledgements')
    .addColumn('locker_id', 'integer', (c) => c.primaryKey().references('lockers.id').onDelete('cascade'))
    .addColumn('alert_since', 'text', (c) => c.notNull())
    .addColumn('door_status', 'integer', (c) => c.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('admin_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('acknowledged_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_acknowledgements').ifExists().execute();
}
