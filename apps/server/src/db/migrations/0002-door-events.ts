import type { Kysely } from 'kysely';
import { int0, notNull, withId } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Every door state change the device layer reports: the source of analytics, user KPIs and activity.
  await withId(db, db.schema.createTable('door_events'))
    .addColumn('place_id', 'integer', notNull)
    .addColumn('locker_id', 'integer')
    .addColumn('door_number', 'integer', notNull)
    .addColumn('door_status', 'integer', notNull)
    .addColumn('previous_status', 'integer', notNull)
    .addColumn('commanded', 'integer', int0)
    .addColumn('command_id', 'text')
    .addColumn('admin_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('door_events_place_idx')
    .on('door_events')
    .columns(['place_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('door_events_locker_idx')
    .on('door_events')
    .columns(['locker_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('door_events_user_idx')
    .on('door_events')
    .columns(['user_id', 'created_at'])
    .execute();

  // Every door command and its outcome (requested -> sent -> acknowledged -> outcome).
  await withId(db, db.schema.createTable('door_commands'))
    .addColumn('command_id', 'text', notNull)
    .addColumn('place_id', 'integer', notNull)
    .addColumn('locker_id', 'integer')
    .addColumn('door_number', 'integer', notNull)
    .addColumn('admin_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('reason', 'text', notNull)
    .addColumn('outcome', 'text', notNull)
    .addColumn('failure_reason', 'text')
    .addColumn('requested_at', 'text', notNull)
    .addColumn('acknowledged_at', 'text')
    .addColumn('finished_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('door_commands_place_idx')
    .on('door_commands')
    .columns(['place_id', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('door_commands_locker_idx')
    .on('door_commands')
    .columns(['locker_id', 'requested_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('door_commands').ifExists().execute();
  await db.schema.dropTable('door_events').ifExists().execute();
}
