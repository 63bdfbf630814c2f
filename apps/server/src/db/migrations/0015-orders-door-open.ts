import { sql, type Kysely } from 'kysely';

/**
 * The reconcile job (orders, every minute) looks for orders left in a door-open state. No index
 * served `state IN (...) AND updated_at < ?` (orders_state_idx leads with `archived`), so each run
 * read every order: about a second of the one SQLite thread at a million orders, once a minute
 * (docs/performance.md). Orders in those states are few and brief, so a partial index holds only
 * them. The states are order-actions.service `OPEN_STATES`, written out as migrations never import
 * today's code; the query names the same constants, in the same order.
 */
const DOOR_OPEN_STATES = '3, 5, 6, 8, 10, 16, 17';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX orders_door_open_idx ON orders (updated_at) WHERE state IN (${sql.raw(DOOR_OPEN_STATES)})`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_door_open_idx').ifExists().execute();
}
