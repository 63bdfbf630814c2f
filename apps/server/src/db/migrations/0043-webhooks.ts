import type { Kysely } from 'kysely';
import { int0, notNull, withId } from '../helpers.js';

/**
 * Partner webhooks (issue #24): endpoints, and the durable outbox of deliveries written in the
 * transaction of the change they announce. A worker on every instance claims due deliveries with a
 * lease, one at a time per order and endpoint (`sequence_key`), so one order's events arrive in order.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id'))
    .addColumn('url', 'text', notNull)
    .addColumn('events', 'text', notNull)
    .addColumn('secret', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('failing_since', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('created_by_name', 'text', notNull)
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_endpoints_key').on('webhook_endpoints').column('api_key_id').execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('event_id', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('sequence_key', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', int0)
    .addColumn('next_attempt_at', 'text')
    .addColumn('give_up_at', 'text', notNull)
    .addColumn('last_attempt_at', 'text')
    .addColumn('response_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('delivered_at', 'text')
    .addColumn('lock_owner', 'text')
    .addColumn('locked_until', 'text')
    .execute();
  // The worker's claim: due pending deliveries, oldest first.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // "An earlier delivery of the same order to the same endpoint is still pending", and the log.
  await db.schema
    .createIndex('webhook_deliveries_sequence')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'sequence_key', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhook_endpoints').ifExists().execute();
}
