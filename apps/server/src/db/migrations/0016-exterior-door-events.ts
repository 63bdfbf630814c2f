import type { Kysely } from 'kysely';
import { int0, notNull, withId } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The exterior (courier/street) door of a locker wall: its changes as the controller reports them
  // (order states 16 and 17). Apart from door_events, whose rows are lockers' doors and feed
  // analytics and user KPIs.
  await withId(db, db.schema.createTable('exterior_door_events'))
    .addColumn('place_id', 'integer', notNull)
    .addColumn('door_status', 'integer', notNull)
    .addColumn('previous_status', 'integer', notNull)
    .addColumn('commanded', 'integer', int0)
    .addColumn('command_id', 'text')
    .addColumn('purpose', 'text')
    .addColumn('admin_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();
  // Every instance hears the same controller: the report at one instant is recorded once.
  await db.schema
    .createIndex('exterior_door_events_once_idx')
    .unique()
    .on('exterior_door_events')
    .columns(['place_id', 'created_at', 'door_status'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exterior_door_events').ifExists().execute();
}
