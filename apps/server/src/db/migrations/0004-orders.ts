import type { Kysely } from 'kysely';
import { int0, notNull, withId } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('orders'))
    .addColumn('package_id', 'text', (c) => c.notNull().unique())
    .addColumn('delivery_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recipient_name', 'text', notNull)
    .addColumn('recipient_email', 'text', notNull)
    .addColumn('recipient_phone', 'text', notNull)
    .addColumn('recipient_number', 'text', notNull)
    .addColumn('state', 'integer', notNull)
    .addColumn('archived', 'integer', int0)
    // The store role sees only its company's orders; null = created by the operator.
    .addColumn('company', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text', notNull)
    .addColumn('locker_id', 'integer', (c) => c.references('lockers.id').onDelete('set null'))
    // Pickup codes are stored hashed: the plain code only ever travels in the SMS.
    .addColumn('pickup_pin_hash', 'text')
    .addColumn('pickup_qr_hash', 'text')
    .addColumn('stored_at', 'text')
    .addColumn('picked_up_at', 'text')
    // Bumped on every write: state changes compare-and-set on it so concurrent actions cannot both win.
    .addColumn('version', 'integer', int0)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('orders_state_idx')
    .on('orders')
    .columns(['archived', 'state', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_locker_idx').on('orders').columns(['locker_id']).execute();
  await db.schema.createIndex('orders_company_idx').on('orders').columns(['company', 'created_at']).execute();
  await db.schema.createIndex('orders_pin_idx').on('orders').columns(['pickup_pin_hash']).execute();

  await withId(db, db.schema.createTable('order_logs'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('package_id', 'text', notNull)
    .addColumn('action_id', 'integer', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('from_state', 'integer')
    .addColumn('state', 'integer', notNull)
    .addColumn('admin_id', 'integer')
    .addColumn('admin_name', 'text', notNull)
    .addColumn('company', 'text')
    .addColumn('locker_id', 'integer')
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('order_logs_order_idx')
    .on('order_logs')
    .columns(['order_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('order_logs_created_idx')
    .on('order_logs')
    .columns(['created_at', 'id'])
    .execute();

  // Notifier outbox (DECISIONS.md): every SMS is written here first, so none is lost.
  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('phone', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('order_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', int0)
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('sms_outbox_status_idx')
    .on('sms_outbox')
    .columns(['status', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_outbox').ifExists().execute();
  await db.schema.dropTable('order_logs').ifExists().execute();
  await db.schema.dropTable('orders').ifExists().execute();
}
