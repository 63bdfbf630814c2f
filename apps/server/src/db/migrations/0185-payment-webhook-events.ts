import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The payment provider's event ids the webhook took (issue #31): a signed event sent again is
  // refused. Rows outlive the signature's tolerance and are then pruned by received_at.
  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_webhook_events_received')
    .on('payment_webhook_events')
    .column('received_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_webhook_events').ifExists().execute();
}
