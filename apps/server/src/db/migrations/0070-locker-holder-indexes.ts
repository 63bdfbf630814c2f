import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The availability rule (docs/adr/0070) asks "does a group share this locker?" for every locker
  // it counts; the primary key (group_id, locker_id) cannot answer that by locker.
  await db.schema
    .createIndex('user_group_lockers_locker_idx')
    .on('user_group_lockers')
    .columns(['locker_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_group_lockers_locker_idx').ifExists().execute();
}
