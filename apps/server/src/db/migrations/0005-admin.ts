import { sql, type Kysely } from 'kysely';
import { int0, notNull, withId } from '../helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // kind: staff (/admins), screen (kiosk and monitor accounts) or employee (store accounts).
  await db.schema
    .alterTable('admins')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  // Keyed HMAC of the PIN for the uniqueness lookup (docs/adr/0004); pin_hash stays the verifier.
  await db.schema.alterTable('admins').addColumn('pin_lookup', 'text').execute();
  await db.schema
    .createIndex('admins_pin_lookup_unique')
    .on('admins')
    .column('pin_lookup')
    .unique()
    .execute();
  await db.schema.createIndex('admins_kind_idx').on('admins').columns(['kind', 'company']).execute();
  await sql`update admins set kind = 'employee' where role = 'store'`.execute(db);
  await sql`update admins set kind = 'screen' where role in ('screen', 'dash')`.execute(db);

  await db.schema
    .createTable('tool_texts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('pt', 'text', notNull)
    .addColumn('en', 'text', notNull)
    .addColumn('es', 'text', notNull)
    .addColumn('fr', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('terms'))
    .addColumn('language', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('created_by', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('terms_language_version_unique', ['language', 'version'])
    .execute();

  await withId(db, db.schema.createTable('faqs'))
    .addColumn('language', 'text', notNull)
    .addColumn('question', 'text', notNull)
    .addColumn('answer', 'text', notNull)
    .addColumn('position', 'integer', int0)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('faqs_language_idx').on('faqs').columns(['language', 'position']).execute();

  await withId(db, db.schema.createTable('projects'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('user_type_settings')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('default_valid_days', 'integer')
    .addColumn('updated_at', 'text', notNull)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['user_type_settings', 'projects', 'faqs', 'terms', 'tool_texts']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.dropIndex('admins_kind_idx').ifExists().execute();
  await db.schema.dropIndex('admins_pin_lookup_unique').ifExists().execute();
  for (const c of ['pin_lookup', 'kind']) {
    await db.schema.alterTable('admins').dropColumn(c).execute();
  }
}
