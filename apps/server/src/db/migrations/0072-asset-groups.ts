import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // A group's access to an asset (issue #27): kept as the group, not copied to its members, so
  // people who join the group later may take the asset too.
  await db.schema
    .createTable('asset_groups')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('asset_groups_pk', ['asset_id', 'group_id'])
    .execute();
  await db.schema.createIndex('asset_groups_group_idx').on('asset_groups').columns(['group_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('asset_groups').ifExists().execute();
}
