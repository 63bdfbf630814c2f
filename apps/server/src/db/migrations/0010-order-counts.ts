import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../helpers.js';

/**
 * Exact order totals without counting the orders. Every list answers its total (DECISIONS), and
 * counting a million orders per page took longer than the page itself, growing with the table
 * (docs/performance.md). `order_counts` holds signed counts per (state, archived, company): the
 * database appends a row on every insert, delete and change of those columns, so no write path
 * can forget it, and the total of a filter is the sum of its rows. Appending (never updating a
 * shared counter row) keeps concurrent writers from queueing on one hot row; a job folds the
 * rows back into one per key (order-counts.repository `compact`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('order_counts')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('archived', 'integer', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`
    INSERT INTO order_counts (state, archived, company, n)
    SELECT state, archived, company, count(*) FROM orders GROUP BY state, archived, company
  `.execute(db);

  if (pg) {
    // Statement-level triggers with transition tables: a 10,000-row import appends a few rows.
    await sql`
      CREATE FUNCTION order_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO order_counts (state, archived, company, n)
            SELECT state, archived, company, count(*) FROM new_rows GROUP BY state, archived, company;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO order_counts (state, archived, company, n)
            SELECT state, archived, company, -count(*) FROM old_rows GROUP BY state, archived, company;
        ELSE
          INSERT INTO order_counts (state, archived, company, n)
            SELECT state, archived, company, sum(d) FROM (
              SELECT state, archived, company, -1 AS d FROM old_rows
              UNION ALL
              SELECT state, archived, company, 1 AS d FROM new_rows
            ) AS changes
            GROUP BY state, archived, company
            HAVING sum(d) <> 0;
        END IF;
        RETURN NULL;
      END $$
    `.execute(db);
    await sql`CREATE TRIGGER orders_counts_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed()`.execute(db);
    await sql`CREATE TRIGGER orders_counts_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed()`.execute(db);
    await sql`CREATE TRIGGER orders_counts_update AFTER UPDATE ON orders
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION order_counts_changed()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER orders_counts_insert AFTER INSERT ON orders BEGIN
      INSERT INTO order_counts (state, archived, company, n) VALUES (NEW.state, NEW.archived, NEW.company, 1);
    END`.execute(db);
  await sql`CREATE TRIGGER orders_counts_delete AFTER DELETE ON orders BEGIN
      INSERT INTO order_counts (state, archived, company, n) VALUES (OLD.state, OLD.archived, OLD.company, -1);
    END`.execute(db);
  await sql`CREATE TRIGGER orders_counts_update AFTER UPDATE OF state, archived, company ON orders
    WHEN OLD.state IS NOT NEW.state OR OLD.archived IS NOT NEW.archived OR OLD.company IS NOT NEW.company
    BEGIN
      INSERT INTO order_counts (state, archived, company, n) VALUES (OLD.state, OLD.archived, OLD.company, -1);
      INSERT INTO order_counts (state, archived, company, n) VALUES (NEW.state, NEW.archived, NEW.company, 1);
    END`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['orders_counts_insert', 'orders_counts_delete', 'orders_counts_update'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}${sql.raw(dialectOf(db) === 'postgres' ? ' ON orders' : '')}`.execute(
      db,
    );
  if (dialectOf(db) === 'postgres') await sql`DROP FUNCTION IF EXISTS order_counts_changed()`.execute(db);
  await db.schema.dropTable('order_counts').ifExists().execute();
}
