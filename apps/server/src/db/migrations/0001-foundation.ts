import type { Kysely } from 'kysely';
import { int0, int1, notNull, withId } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('places'))
    .addColumn('name', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('system_type', 'text', (c) => c.notNull().defaultTo('locker'))
    .addColumn('address', 'text')
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('lockers'))
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('door_number', 'integer', notNull)
    .addColumn('size', 'text', notNull)
    .addColumn('status', 'integer', int0)
    .addColumn('door_status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('enabled', 'integer', int1)
    .addColumn('accessibility', 'integer', int0)
    .addColumn('door_status_updated_at', 'text')
    .addColumn('expiration_date_time', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('lockers_place_door_unique', ['place_id', 'door_number'])
    .execute();
  await db.schema.createIndex('lockers_door_status_idx').on('lockers').columns(['door_status']).execute();

  await withId(db, db.schema.createTable('admins'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text')
    .addColumn('role', 'text', notNull)
    .addColumn('company', 'text')
    .addColumn('password_hash', 'text', notNull)
    .addColumn('pin_hash', 'text')
    .addColumn('phone', 'text')
    .addColumn('notifiable', 'integer', int0)
    .addColumn('enabled', 'integer', int1)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('password_changed_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('tokens'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('access_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'text', notNull)
    .addColumn('refresh_expires_at', 'text', notNull)
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('tokens_admin_idx').on('tokens').columns(['admin_id']).execute();

  // Names are copied into the log row so it still reads right after the admin or user is deleted.
  await withId(db, db.schema.createTable('admin_logs'))
    .addColumn('admin_id', 'integer')
    .addColumn('admin_name', 'text', notNull)
    .addColumn('action', 'integer', notNull)
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('locker_id', 'integer')
    .addColumn('door_number', 'integer')
    .addColumn('place_id', 'integer')
    .addColumn('place_name', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('admin_logs_created_idx')
    .on('admin_logs')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_logs_action_idx')
    .on('admin_logs')
    .columns(['action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('admin_logs_admin_idx')
    .on('admin_logs')
    .columns(['admin_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('bookmarks')
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('route_id', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('bookmarks_pk', ['admin_id', 'route_id'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', notNull)
    .addColumn('window_start', 'text', notNull)
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'settings',
    'rate_limits',
    'bookmarks',
    'admin_logs',
    'tokens',
    'admins',
    'lockers',
    'places',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
