import type { Kysely } from 'kysely';
import { int0, int1, notNull, withId } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Money is integer cents everywhere; percentages are stored as given (two decimals at most).
  await withId(db, db.schema.createTable('price_packs'))
    .addColumn('name', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('hours', 'integer', notNull)
    .addColumn('price_cents', 'integer', notNull)
    .addColumn('price_net_cents', 'integer', notNull)
    .addColumn('enabled', 'integer', int1)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('price_packs_type_idx')
    .on('price_packs')
    .columns(['type', 'enabled'])
    .execute();

  await withId(db, db.schema.createTable('vouchers'))
    .addColumn('title', 'text', notNull)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description_pt', 'text', notNull)
    .addColumn('description_en', 'text', notNull)
    .addColumn('start_date', 'text', notNull)
    .addColumn('end_date', 'text', notNull)
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_day', 'integer')
    .addColumn('discount_type', 'text', notNull)
    // Percent (two decimals) for 'percentage', cents for 'fixed'.
    .addColumn('discount_value', 'double precision', notNull)
    .addColumn('price_ids', 'text', notNull)
    .addColumn('type', 'text')
    .addColumn('enabled', 'integer', int1)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  // Which marketplace place a screen (kiosk) account serves.
  await db.schema
    .createTable('kiosk_screens')
    .addColumn('admin_id', 'integer', (c) => c.primaryKey().references('admins.id').onDelete('cascade'))
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('rentals'))
    .addColumn('place_id', 'integer', notNull)
    .addColumn('locker_id', 'integer', notNull)
    .addColumn('door_number', 'integer', notNull)
    .addColumn('size', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('phone', 'text')
    .addColumn('method', 'text')
    .addColumn('pending_until', 'text', notNull)
    .addColumn('started_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('safe_until', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('deposit_cents', 'integer', int0)
    .addColumn('screen_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('rentals_status_idx').on('rentals').columns(['status', 'place_id']).execute();
  await db.schema.createIndex('rentals_locker_idx').on('rentals').columns(['locker_id', 'status']).execute();

  // Names and prices are copied so a transaction reads the same after its pack or voucher changes.
  await withId(db, db.schema.createTable('transactions'))
    .addColumn('rental_id', 'integer')
    .addColumn('kind', 'text', notNull)
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('identifier', 'text')
    .addColumn('provider_transaction_id', 'text', (c) => c.unique())
    .addColumn('phone', 'text')
    .addColumn('place_id', 'integer')
    .addColumn('place_name', 'text')
    .addColumn('locker_id', 'integer')
    .addColumn('door_number', 'integer')
    .addColumn('method', 'text')
    .addColumn('status', 'text', notNull)
    .addColumn('pack_id', 'integer')
    .addColumn('pack_name', 'text')
    .addColumn('hours', 'integer', int0)
    .addColumn('voucher_id', 'integer')
    .addColumn('voucher_code', 'text')
    .addColumn('amount_cents', 'integer', int0)
    .addColumn('discount_cents', 'integer', int0)
    .addColumn('cost_cents', 'integer', int0)
    .addColumn('total_cost_cents', 'integer', int0)
    .addColumn('iva_cents', 'integer', int0)
    .addColumn('iva_percent', 'double precision', int0)
    .addColumn('deposit_cents', 'integer', int0)
    .addColumn('charged_cents', 'integer', int0)
    .addColumn('description', 'text')
    .addColumn('invoice_id', 'text')
    .addColumn('billed_minutes', 'integer')
    .addColumn('rental_start', 'text')
    .addColumn('rental_end', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('transactions_created_idx')
    .on('transactions')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('transactions_status_idx')
    .on('transactions')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('transactions_rental_idx').on('transactions').columns(['rental_id']).execute();
  await db.schema
    .createIndex('transactions_voucher_idx')
    .on('transactions')
    .columns(['voucher_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('transaction_logs'))
    .addColumn('transaction_id', 'integer', (c) =>
      c.notNull().references('transactions.id').onDelete('cascade'),
    )
    .addColumn('action', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('transaction_logs_tx_idx')
    .on('transaction_logs')
    .columns(['transaction_id', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'transaction_logs',
    'transactions',
    'rentals',
    'kiosk_screens',
    'vouchers',
    'price_packs',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
