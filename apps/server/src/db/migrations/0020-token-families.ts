import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Every token issued by refreshing names the first token of its sign-in: replaying a used refresh
  // token revokes the whole family (OAuth 2.0 security BCP, issue #20). Older rows are their own family.
  await db.schema.alterTable('tokens').addColumn('family_id', 'integer').execute();
  await db.schema.createIndex('tokens_family_idx').on('tokens').columns(['family_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tokens_family_idx').ifExists().execute();
  await db.schema.alterTable('tokens').dropColumn('family_id').execute();
}
