import type { Kysely } from 'kysely';

/**
 * The controller's (boot, seq), bigint: a boot is a start time in ms, of the report each locker's door status came from (issue #34, ADR
 * 0141). With shared subscriptions any instance may handle any report of a controller, so the
 * order of reports is decided against the row, not against one instance's memory: a report older
 * than the one the row holds changes nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lockers').addColumn('door_boot', 'bigint').execute();
  await db.schema.alterTable('lockers').addColumn('door_seq', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lockers').dropColumn('door_seq').execute();
  await db.schema.alterTable('lockers').dropColumn('door_boot').execute();
}
