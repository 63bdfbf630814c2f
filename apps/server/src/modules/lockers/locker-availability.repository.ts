import { sql, type RawBuilder } from 'kysely';
import {
  DOOR_STATUS,
  LOCKER_ENABLED,
  LOCKER_HOLDING_STATES,
  LOCKER_STATUS,
  RENTAL_HOLDING_STATUSES,
  type LockerHolder,
} from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { acrossClients } from '../../db/tenant-scope.js';

/**
 * The one meaning of "this locker is available" (SPEC §4, issue #27, docs/adr/0070), in SQL. Every
 * query that picks, claims or counts free lockers goes through these helpers; lint forbids spelling
 * the rule out anywhere else (eslint.config.js), and the contract's tile rule (`isLockerAvailable`,
 * packages/contract/src/locker-tile.ts) says the same over a locker view, which a test compares.
 *
 * The holders are each area's own table. They are read here, in one file, because a rule split over
 * areas is the rule that drifted: the tables exist in every deployment (migrations run for all
 * modules), so a disabled module's rows still hold their lockers.
 */

/** A reference to a lockers row's columns: `lockers` or an alias (`l`, `k`). */
type Alias = string;

/** Literals written out, not bound: partial indexes (orders, migration 0014) match only constants. */
const orderStates = sql.raw([...LOCKER_HOLDING_STATES].sort((a, b) => a - b).join(', '));
const rentalStatuses = sql.raw(RENTAL_HOLDING_STATUSES.map((s) => `'${s}'`).join(', '));

/** Each holder as a correlated EXISTS on the locker's id; typed by the contract's list of holders. */
const LOCKER_HOLDER_SQL: Record<LockerHolder, (lockerId: RawBuilder<unknown>) => RawBuilder<boolean>> = {
  users: (id) => sql<boolean>`exists (select 1 from user_lockers h where h.locker_id = ${id})`,
  groups: (id) => sql<boolean>`exists (select 1 from user_group_lockers h where h.locker_id = ${id})`,
  delivery: (id) =>
    sql<boolean>`exists (select 1 from orders h where h.locker_id = ${id} and h.state in (${orderStates}))`,
  asset: (id) => sql<boolean>`exists (select 1 from asset_lockers h where h.locker_id = ${id})`,
  rental: (id) =>
    sql<boolean>`exists (select 1 from rentals h where h.locker_id = ${id} and h.status in (${rentalStatuses}))`,
  // Its reader still sees a tag (issue #32, migration 0166): something is inside, whatever the rows say.
  tag: (id) => sql<boolean>`exists (select 1 from locker_tags h where h.locker_id = ${id})`,
};

const col = (alias: Alias, name: string) => sql.ref(`${alias}.${name}`);

/** Some holder has the locker (its status aside). */
function heldByHolderSql(alias: Alias): RawBuilder<boolean> {
  const id = col(alias, 'id');
  const any = Object.values(LOCKER_HOLDER_SQL).map((h) => h(id));
  return sql<boolean>`(${sql.join(any, sql` or `)})`;
}

/** In use: a status other than available, or a holder (a tag seen is one). The "occupied" of every count. */
export function inUseSql(alias: Alias): RawBuilder<boolean> {
  return sql<boolean>`(${col(alias, 'status')} <> ${sql.lit(LOCKER_STATUS.AVAILABLE)} or ${heldByHolderSql(alias)})`;
}

/** Available: status 0, door closed, enabled 1, nothing holds it and its reader sees no tag. */
export function availableSql(alias: Alias): RawBuilder<boolean> {
  return sql<boolean>`(${col(alias, 'status')} = ${sql.lit(LOCKER_STATUS.AVAILABLE)} and ${col(
    alias,
    'door_status',
  )} = ${sql.lit(DOOR_STATUS.CLOSED)} and ${col(alias, 'enabled')} = ${sql.lit(
    LOCKER_ENABLED.ENABLED,
  )} and not ${heldByHolderSql(alias)})`;
}

/**
 * Free but for its door: what a wall that opened the door itself, with the server away, may give a
 * parcel (issue #32). The door is open because the wall opened it; everything else is the rule.
 */
function freeButForDoorSql(alias: Alias): RawBuilder<boolean> {
  return sql<boolean>`(${col(alias, 'status')} = ${sql.lit(LOCKER_STATUS.AVAILABLE)} and ${col(
    alias,
    'enabled',
  )} = ${sql.lit(LOCKER_ENABLED.ENABLED)} and not ${heldByHolderSql(alias)})`;
}

/** 1 or 0 per row (both databases answer a number, where a bare condition is a boolean on PostgreSQL). */
export const flag = (cond: RawBuilder<boolean>) => sql<number>`case when ${cond} then 1 else 0 end`;

/** A count of lockers (joined as `alias`) meeting a condition, portable across both databases. */
export const countWhere = (cond: RawBuilder<boolean>) =>
  sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`;

export interface FreeLockerFilter {
  placeId?: number | undefined;
  placeType?: string | undefined;
  size?: string | undefined;
  lockerIds?: readonly number[] | undefined;
  limit?: number | undefined;
}

/**
 * Occupancy is across clients by rule (another client's parcel holds its locker too), so these
 * run outside a caller's tenant scope (ADR 0200).
 */
export const lockerAvailabilityRepository = acrossClients({
  /** Available lockers, by place and door number. */
  async free(db: DbOrTx, f: FreeLockerFilter = {}) {
    let q = db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select(['l.id', 'l.place_id', 'p.name as place_name', 'l.door_number', 'l.size'])
      .where(availableSql('l'));
    if (f.placeId !== undefined) q = q.where('l.place_id', '=', f.placeId);
    if (f.placeType !== undefined) q = q.where('p.type', '=', f.placeType);
    if (f.size !== undefined) q = q.where('l.size', '=', f.size);
    if (f.lockerIds !== undefined) q = q.where('l.id', 'in', f.lockerIds.length ? [...f.lockerIds] : [-1]);
    return q
      .orderBy('l.place_id')
      .orderBy('l.door_number')
      .limit(f.limit ?? 500)
      .execute();
  },

  /** Available lockers counted per place and size (the deposit dialog). */
  async countsBySize(db: DbOrTx, placeIds: readonly number[]) {
    if (placeIds.length === 0) return [];
    return db
      .selectFrom('lockers as l')
      .select(['l.place_id', 'l.size', (eb) => eb.fn.countAll<number>().as('n')])
      .where('l.place_id', 'in', [...placeIds])
      .where(availableSql('l'))
      .groupBy(['l.place_id', 'l.size'])
      .execute();
  },

  /** Which holders have each of some lockers (empty list: none), for refusals that name them. */
  async holdersOf(db: DbOrTx, lockerIds: readonly number[]) {
    const out = new Map<number, LockerHolder[]>();
    if (lockerIds.length === 0) return out;
    const kinds = Object.keys(LOCKER_HOLDER_SQL) as LockerHolder[];
    const rows = await db
      .selectFrom('lockers as l')
      .select((eb) => [
        'l.id',
        ...kinds.map((k) =>
          eb
            .case()
            .when(LOCKER_HOLDER_SQL[k](sql.ref('l.id')))
            .then(1)
            .else(0)
            .end()
            .as(k),
        ),
      ])
      .where('l.id', 'in', [...lockerIds])
      .execute();
    for (const r of rows) {
      const row = r as unknown as Record<string, unknown>;
      out.set(
        r.id,
        kinds.filter((k) => Number(row[k]) === 1),
      );
    }
    return out;
  },

  /** Door number and place (with its mode) of some lockers. */
  lockersWithPlace(db: DbOrTx, lockerIds: readonly number[]) {
    if (lockerIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select(['l.id', 'l.door_number', 'l.place_id', 'p.name as place_name', 'p.mode', 'p.type'])
      .where('l.id', 'in', [...lockerIds])
      .execute();
  },

  async placeMode(db: DbOrTx, placeId: number): Promise<string | undefined> {
    const row = await db.selectFrom('places').select('mode').where('id', '=', placeId).executeTakeFirst();
    return row?.mode;
  },

  /**
   * Takes a locker for a new holder inside `tx`: locks the row first (an UPDATE), then checks the
   * rule on a fresh read, so of two transactions claiming one locker the second waits for the first
   * and sees its holder (PostgreSQL row lock; SQLite runs one writer at a time). The caller writes
   * its holder row (or status) in the same transaction. `status` moves the locker's status too
   * (delivery and rentals reserve with one); office users and assets leave it as it is.
   */
  async claim(
    tx: DbOrTx,
    lockerId: number,
    now: string,
    status?: number,
    opts: { doorOpenedByWall?: boolean } = {},
  ): Promise<boolean> {
    await tx.updateTable('lockers').set({ updated_at: now }).where('id', '=', lockerId).execute();
    const free = await tx
      .selectFrom('lockers as l')
      .select('l.id')
      .where('l.id', '=', lockerId)
      .where(opts.doorOpenedByWall ? freeButForDoorSql('l') : availableSql('l'))
      .executeTakeFirst();
    if (!free) return false;
    if (status !== undefined)
      await tx.updateTable('lockers').set({ status, updated_at: now }).where('id', '=', lockerId).execute();
    return true;
  },
});
