import type { Kysely } from 'kysely';

/**
 * An asset's own size (issue #33): the size it keeps when the categories that gave it one are
 * deleted. Null until a category of the asset is deleted; an asset's size is the largest of its
 * categories' sizes and this one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assets').addColumn('size', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assets').dropColumn('size').execute();
}
