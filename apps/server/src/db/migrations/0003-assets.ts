import type { Kysely } from 'kysely';
import { int0, int1, notNull, withId } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('asset_categories'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text', notNull)
    .addColumn('size', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('assets'))
    .addColumn('name', 'text', notNull)
    // One physical RFID tag identifies one asset: the reader's events are matched by it.
    .addColumn('tag', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', int1)
    .addColumn('tag_status', 'integer', int0)
    .addColumn('enabled', 'integer', int1)
    .addColumn('is_random_locker', 'integer', int1)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('status_change_at', 'text', notNull)
    .addColumn('tag_status_change_at', 'text')
    .execute();
  await db.schema.createIndex('assets_status_idx').on('assets').columns(['status', 'tag_status']).execute();

  await db.schema
    .createTable('asset_category_links')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('asset_categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('asset_category_links_pk', ['asset_id', 'category_id'])
    .execute();

  // The lockers an asset lives in: fixed ones (isRandomLocker 0) or the one picked at storage.
  await db.schema
    .createTable('asset_lockers')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('locker_id', 'integer', (c) => c.notNull().references('lockers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('asset_lockers_pk', ['asset_id', 'locker_id'])
    .execute();
  await db.schema
    .createIndex('asset_lockers_locker_idx')
    .on('asset_lockers')
    .columns(['locker_id'])
    .execute();

  // Locker users who may retrieve the asset. user_id points at the office area's locker users;
  // no foreign key so this table does not depend on that migration's order.
  await db.schema
    .createTable('asset_users')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('asset_users_pk', ['asset_id', 'user_id'])
    .execute();
  await db.schema.createIndex('asset_users_user_idx').on('asset_users').columns(['user_id']).execute();

  // Schedules are the office area's; keyed by schedule id for the same reason.
  await db.schema
    .createTable('asset_schedules')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('schedule_id', 'integer', notNull)
    .addPrimaryKeyConstraint('asset_schedules_pk', ['asset_id', 'schedule_id'])
    .execute();
  await db.schema
    .createTable('asset_user_schedules')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', notNull)
    .addColumn('schedule_id', 'integer', notNull)
    .addPrimaryKeyConstraint('asset_user_schedules_pk', ['asset_id', 'user_id', 'schedule_id'])
    .execute();

  // History survives the asset: no foreign key, names copied (SPEC §3 asset log fields).
  await withId(db, db.schema.createTable('asset_logs'))
    .addColumn('asset_id', 'integer', notNull)
    .addColumn('asset_name', 'text', notNull)
    .addColumn('action_id', 'integer', notNull)
    .addColumn('description', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('admin_id', 'integer')
    .addColumn('admin_name', 'text')
    .addColumn('locker_id', 'integer')
    .addColumn('door_number', 'integer')
    .addColumn('drawer_metra_id', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('asset_logs_created_idx')
    .on('asset_logs')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('asset_logs_asset_idx')
    .on('asset_logs')
    .columns(['asset_id', 'action_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'asset_logs',
    'asset_user_schedules',
    'asset_schedules',
    'asset_users',
    'asset_lockers',
    'asset_category_links',
    'assets',
    'asset_categories',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
