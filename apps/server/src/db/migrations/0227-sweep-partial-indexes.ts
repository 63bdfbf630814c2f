import { sql, type Kysely } from 'kysely';

/**
 * Two jobs that run over every order on SQLite's one thread, found from the realtime bench's tail
 * (docs/performance.md): at a million orders each query read every order and held every request
 * and door event meanwhile.
 * - The wall-credentials sweep (every place, at start and every minute) asks each place for the
 *   parcels it may take: 300-400 ms per place, 80 s in 400 ms blocks for the bench's 200 places.
 *   Orders waiting for their courier are few: `orders_to_deposit_idx` holds only them. States:
 *   wall-credentials.repository `WALL_TO_DEPOSIT` (created, locker assigned, updated).
 * - The pickup-notices job (every minute) looks for stored parcels with no pickup window (those
 *   stored before migration 0050): 300 ms a run, for none at all most of the time.
 *   `orders_unwindowed_idx` holds only those. States: contract `WAITING_PICKUP_STATES`.
 * The states are written out, as migrations never import today's code; the queries name the same
 * constants, in the same order, as literals (a bound list cannot be matched to a partial index).
 */
const TO_DEPOSIT_STATES = '1, 2, 11';
const WAITING_PICKUP_STATES = '4, 12, 15';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX orders_to_deposit_idx ON orders (id) WHERE state IN (${sql.raw(TO_DEPOSIT_STATES)})`.execute(
    db,
  );
  await sql`CREATE INDEX orders_unwindowed_idx ON orders (id)
    WHERE state IN (${sql.raw(WAITING_PICKUP_STATES)}) AND expires_at IS NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_unwindowed_idx').ifExists().execute();
  await db.schema.dropIndex('orders_to_deposit_idx').ifExists().execute();
}
