import type { Kysely } from 'kysely';
import { notNull } from '../helpers.js';

/**
 * Idempotency-Key records (issue #24, docs/adr/0040-idempotency-keys.md): one row per caller and
 * key, first as a claim (`pending`, with a lease) and then with the answer to replay (`done`).
 * In the database so that a retry reaching another instance, or the same one after a restart, finds it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('fingerprint', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('owner', 'text', notNull)
    .addColumn('locked_until', 'text', notNull)
    .addColumn('response_status', 'integer')
    .addColumn('response_type', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
