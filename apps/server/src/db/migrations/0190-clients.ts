import { sql, type Kysely } from 'kysely';
import { int0, int1, notNull, withId } from '../helpers.js';

/**
 * Clients as rows (issue #31, docs/adr/0190-clients-as-rows.md). Every distinct `company` text of
 * orders, order logs, API keys and accounts becomes one client; the texts stay where they are and
 * keep naming their client (a rename rewrites them all in one transaction). No row is changed or
 * deleted here.
 *
 * Names are unique whatever their case. Texts that differ in case only ("Loja A", "loja a") are NOT
 * merged: they were two owners until now, and merging would show one store's parcels to the other.
 * Both become clients; the most used spelling stays under the unique index, the others are marked
 * `name_clash = 1` (outside the partial index) and each clash is printed in the start's log. An
 * operator's rename clears the mark.
 *
 * `place_grants` says which locations serve a client. So that nothing that works today stops, each
 * client is granted every location its orders used (deposited into or pre-advised to); a client that
 * owns API keys but no located order yet (an integration just set up) is granted every delivery
 * location, as its keys reached all of them until now.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('clients'))
    .addColumn('name', 'text', notNull)
    .addColumn('enabled', 'integer', int1)
    .addColumn('retention_days', 'integer', (c) => c.notNull().defaultTo(90))
    .addColumn('name_clash', 'integer', int0)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createTable('place_grants')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('place_grants_pk', ['client_id', 'place_id'])
    .execute();
  await db.schema.createIndex('place_grants_place').on('place_grants').column('place_id').execute();

  const uses = new Map<string, number>();
  for (const table of ['orders', 'order_logs', 'api_keys', 'admins']) {
    const rows = (
      await sql<{ company: string; n: number | string }>`
        SELECT company, count(*) AS n FROM ${sql.table(table)}
        WHERE company IS NOT NULL AND company <> '' GROUP BY company`.execute(db)
    ).rows;
    for (const r of rows) uses.set(r.company, (uses.get(r.company) ?? 0) + Number(r.n));
  }
  // Most used spelling first within each case group; ties by the text, so two runs agree.
  const names = [...uses.entries()].sort(
    (a, b) => a[0].toLowerCase().localeCompare(b[0].toLowerCase()) || b[1] - a[1] || a[0].localeCompare(b[0]),
  );
  const now = new Date().toISOString();
  const kept = new Map<string, string>();
  for (const [name] of names) {
    const key = name.toLowerCase();
    const first = kept.get(key);
    if (first === undefined) kept.set(key, name);
    else
      console.warn(
        `migration 0190: clients "${first}" and "${name}" differ in case only; both kept, ` +
          `"${name}" is marked name_clash = 1 until an operator renames one of them`,
      );
    await db
      .insertInto('clients')
      .values({ name, name_clash: first === undefined ? 0 : 1, created_at: now, updated_at: now })
      .execute();
  }
  // Sign-ins and keys look their client up by the exact text their rows carry.
  await db.schema.createIndex('clients_name').on('clients').column('name').execute();
  await sql`CREATE UNIQUE INDEX clients_name_any_case_uq ON clients (lower(name)) WHERE name_clash = 0`.execute(
    db,
  );

  // Locations each client's orders used (a locker's place, or the pre-advice's target).
  await sql`
    INSERT INTO place_grants (client_id, place_id, created_at)
    SELECT DISTINCT c.id, u.place_id, ${now} FROM (
      SELECT o.company, l.place_id FROM orders o JOIN lockers l ON l.id = o.locker_id
      UNION SELECT o.company, o.target_place_id FROM orders o WHERE o.target_place_id IS NOT NULL
    ) u
    JOIN clients c ON c.name = u.company
    JOIN places p ON p.id = u.place_id`.execute(db);
  await sql`
    INSERT INTO place_grants (client_id, place_id, created_at)
    SELECT c.id, p.id, ${now} FROM clients c CROSS JOIN places p
    WHERE p.type = 'DELIVERY'
      AND EXISTS (SELECT 1 FROM api_keys k WHERE k.company = c.name)
      AND NOT EXISTS (SELECT 1 FROM place_grants g WHERE g.client_id = c.id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('place_grants').ifExists().execute();
  await db.schema.dropTable('clients').ifExists().execute();
}
