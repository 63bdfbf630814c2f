import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../helpers.js';

/**
 * The partial index of orders that hold a locker (0011) found them, but every match was then read
 * from the orders table, a random page of a large table each: describing the 100 lockers of a
 * place cost ~2 ms on a million orders (docs/performance.md). The index now carries the columns
 * the locker views read (orders.repository `holdingOrdersOfLockers`), so the table is not touched:
 * SQLite as extra key columns, PostgreSQL with INCLUDE (an index-only scan).
 */
const HOLDING_STATES = '2, 3, 4, 5, 6, 8, 10, 11, 12, 15, 16, 17';
const COLUMNS = 'id, state, package_id, delivery_type, stored_at, company';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_holding_locker_idx').ifExists().execute();
  const columns =
    dialectOf(db) === 'postgres'
      ? sql.raw(`(locker_id) INCLUDE (${COLUMNS})`)
      : sql.raw(`(locker_id, ${COLUMNS})`);
  await sql`CREATE INDEX orders_holding_locker_idx ON orders ${columns} WHERE state IN (${sql.raw(HOLDING_STATES)})`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_holding_locker_idx').ifExists().execute();
  await sql`CREATE INDEX orders_holding_locker_idx ON orders (locker_id) WHERE state IN (${sql.raw(HOLDING_STATES)})`.execute(
    db,
  );
}
