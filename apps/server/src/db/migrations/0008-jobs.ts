import type { Kysely } from 'kysely';
import { notNull } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // One row per periodic job: a lease so one instance runs it, and the last run so it runs once a period.
  await db.schema
    .createTable('job_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text')
    .addColumn('locked_until', 'text', notNull)
    .addColumn('last_run_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_locks').ifExists().execute();
}
