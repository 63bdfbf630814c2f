import type { Kysely } from 'kysely';
import { int0 } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // 1: the place's lockers stand behind an exterior door that deposits and pickups open first
  // (order states 16 and 17, docs/adr/0033). 0 for every existing place: nothing changes for them.
  await db.schema.alterTable('places').addColumn('exterior_door', 'integer', int0).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('places').dropColumn('exterior_door').execute();
}
