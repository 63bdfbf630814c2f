import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The tags each locker's reader reports now (issue #32): a locker whose reader still sees a tag
  // holds something, whatever the database believes, and is never offered as free.
  await db.schema
    .createTable('locker_tags')
    .addColumn('locker_id', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('locker_tags_pk', ['locker_id', 'tag_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('locker_tags').ifExists().execute();
}
