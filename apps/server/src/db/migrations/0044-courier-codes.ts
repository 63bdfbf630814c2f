import type { Kysely } from 'kysely';

/**
 * Carrier courier access codes (issue #24): each key gets a random secret the first time its codes
 * are asked for; a location's code of the day is derived from it, so no code is ever stored.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('courier_secret', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('courier_secret').execute();
}
