import type { Kysely } from 'kysely';
import { int0, int1, notNull, withId } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Office locker users (employees and interns), not back-office accounts. The PIN is kept as a
  // keyed digest: the kiosk must find a user by PIN, which a salted slow hash cannot do.
  await withId(db, db.schema.createTable('locker_users'))
    .addColumn('name', 'text', notNull)
    .addColumn('enabled', 'integer', int1)
    .addColumn('number', 'text', (c) => c.unique())
    .addColumn('card', 'text', (c) => c.unique())
    .addColumn('pin_digest', 'text', (c) => c.unique())
    .addColumn('card_number', 'text')
    .addColumn('ccms', 'text')
    .addColumn('name_ccms', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('number_prefix', 'text')
    .addColumn('login', 'text')
    .addColumn('building', 'text')
    .addColumn('floor', 'text')
    .addColumn('project', 'text')
    .addColumn('invoice', 'text')
    .addColumn('nif', 'text')
    .addColumn('email', 'text')
    .addColumn('obs', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('valid_until', 'text')
    .addColumn('user_type', 'text', (c) => c.notNull().defaultTo('employee'))
    .addColumn('country', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('locker_users_name_idx').on('locker_users').columns(['name']).execute();
  await db.schema
    .createIndex('locker_users_valid_until_idx')
    .on('locker_users')
    .columns(['enabled', 'valid_until'])
    .execute();

  await withId(db, db.schema.createTable('user_groups'))
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('user_group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('locker_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('user_group_members_user_idx')
    .on('user_group_members')
    .columns(['user_id'])
    .execute();

  // Shared lockers a group's members may open (besides their own).
  await db.schema
    .createTable('user_group_lockers')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('locker_id', 'integer', (c) => c.notNull().references('lockers.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_group_lockers_pk', ['group_id', 'locker_id'])
    .execute();

  // A user's own lockers; a locker may be shared by several users.
  await db.schema
    .createTable('user_lockers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('locker_users.id').onDelete('cascade'))
    .addColumn('locker_id', 'integer', (c) => c.notNull().references('lockers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('user_lockers_pk', ['user_id', 'locker_id'])
    .execute();
  await db.schema.createIndex('user_lockers_locker_idx').on('user_lockers').columns(['locker_id']).execute();

  // Weekdays are ISO numbers joined by commas ("1,2,3,4,5"); times HH:MM; dates YYYY-MM-DD.
  await withId(db, db.schema.createTable('schedules'))
    .addColumn('name', 'text', notNull)
    .addColumn('start_time', 'text', notNull)
    .addColumn('end_time', 'text', notNull)
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('weekdays', 'text', notNull)
    .addColumn('user_group_id', 'integer', (c) => c.references('user_groups.id').onDelete('set null'))
    .addColumn('place_id', 'integer', (c) => c.references('places.id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('user_schedules')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('locker_users.id').onDelete('cascade'))
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('user_schedules_pk', ['user_id', 'schedule_id'])
    .execute();

  // Every kiosk attempt, granted or not: door events only see the doors that opened.
  await withId(db, db.schema.createTable('office_access_log'))
    .addColumn('place_id', 'integer', notNull)
    .addColumn('locker_id', 'integer')
    .addColumn('door_number', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('credential', 'text', notNull)
    .addColumn('granted', 'integer', int0)
    .addColumn('reason', 'text')
    .addColumn('outcome', 'text')
    .addColumn('command_id', 'text')
    .addColumn('admin_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('office_access_log_place_idx')
    .on('office_access_log')
    .columns(['place_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('office_access_log_user_idx')
    .on('office_access_log')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'office_access_log',
    'user_schedules',
    'schedules',
    'user_lockers',
    'user_group_lockers',
    'user_group_members',
    'user_groups',
    'locker_users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
