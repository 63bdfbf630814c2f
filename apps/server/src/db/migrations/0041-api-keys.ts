import type { Kysely } from 'kysely';
import { int0, notNull, withId } from '../helpers.js';

/**
 * Partner API keys (issue #24): only the SHA-256 of a key is stored. The key's request counter for
 * its rate limit lives on its row (one fixed window per minute), so one UPDATE per request both
 * counts it and records the last use, on every instance.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('name', 'text', notNull)
    .addColumn('prefix', 'text', notNull)
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', notNull)
    .addColumn('company', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('rotated_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by_name', 'text')
    .addColumn('window_start', 'text')
    .addColumn('window_count', 'integer', int0)
    .execute();
  await db.schema.createIndex('api_keys_created').on('api_keys').columns(['created_at', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').ifExists().execute();
}
