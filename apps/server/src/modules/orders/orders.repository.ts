import type { Insertable, Updateable } from 'kysely';
import {
  LOCKER_STATUS,
  DOOR_STATUS,
  LOCKER_ENABLED,
  LOCKER_HOLDING_STATES,
  type OrderState,
} from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import type { OrderLogsTable, OrdersTable } from '../../db/tables/orders.js';
import {
  containsPattern,
  dialectOf,
  jsonArray,
  jsonRows,
  likeEscaped,
  sql,
  toNumber,
} from '../../db/helpers.js';
import { precompiled, type Param } from '../../db/precompiled.js';

export interface OrderFilter {
  states?: readonly number[];
  archived?: boolean;
  company?: string | null;
  search?: string;
  storedBefore?: string;
}

const orderColumns = [
  'o.id',
  'o.package_id',
  'o.delivery_type',
  'o.recipient_name',
  'o.recipient_email',
  'o.recipient_phone',
  'o.recipient_number',
  'o.state',
  'o.archived',
  'o.company',
  'o.created_by',
  'o.created_by_name',
  'o.locker_id',
  'o.pickup_pin_hash',
  'o.stored_at',
  'o.picked_up_at',
  'o.version',
  'o.created_at',
  'o.updated_at',
  'l.door_number',
  'l.size as locker_size',
  'l.place_id',
  'p.name as place_name',
] as const;

/** A state list as SQL literals, ascending: partial indexes match only the constants they name. */
const inlineStates = (states: readonly OrderState[]) =>
  [...states]
    .map((s) => Math.trunc(s))
    .sort((a, b) => a - b)
    .join(', ');

const logColumns = [
  'lg.id',
  'lg.order_id',
  'lg.package_id',
  'lg.action_id',
  'lg.action',
  'lg.from_state',
  'lg.state',
  'lg.admin_id',
  'lg.admin_name',
  'lg.company',
  'lg.locker_id',
  'lg.description',
  'lg.created_at',
] as const;

function baseQuery(db: DbOrTx) {
  return db
    .selectFrom('orders as o')
    .leftJoin('lockers as l', 'l.id', 'o.locker_id')
    .leftJoin('places as p', 'p.id', 'l.place_id');
}

function applyFilter<Q extends ReturnType<typeof baseQuery>>(q: Q, f: OrderFilter): Q {
  let r = q;
  if (f.states?.length) r = r.where('o.state', 'in', [...f.states]) as Q;
  if (f.archived !== undefined) r = r.where('o.archived', '=', f.archived ? 1 : 0) as Q;
  // Store accounts are scoped to their company; undefined means "every company" (operators).
  if (f.company !== undefined) r = r.where('o.company', '=', f.company ?? '') as Q;
  if (f.storedBefore) r = r.where('o.stored_at', '<', f.storedBefore) as Q;
  if (f.search) {
    const pattern = containsPattern(f.search);
    r = r.where((eb) =>
      eb.or([
        likeEscaped('o.package_id', pattern),
        likeEscaped('o.recipient_phone', pattern),
        likeEscaped('o.recipient_number', pattern),
      ]),
    ) as Q;
  }
  return r;
}

// The lookups of one order run on every scan and every order screen: built once (precompiled).
const orderById = precompiled((db, param: Param<{ id: number }>) =>
  baseQuery(db).select(orderColumns).where('o.id', '=', param('id')),
);
const orderByPackageId = precompiled((db, param: Param<{ packageId: string }>) =>
  baseQuery(db).select(orderColumns).where('o.package_id', '=', param('packageId')),
);
const withLogs = (db: Db) =>
  baseQuery(db)
    .select(orderColumns)
    .select((eb) =>
      jsonArray(
        db,
        eb
          .selectFrom('order_logs as lg')
          .select(logColumns)
          .whereRef('lg.order_id', '=', 'o.id')
          .orderBy('lg.id', 'asc'),
      ).as('logs_json'),
    );
const orderWithLogsById = precompiled((db, param: Param<{ id: number }>) =>
  withLogs(db).where('o.id', '=', param('id')),
);
const orderWithLogsByPackageId = precompiled((db, param: Param<{ packageId: string }>) =>
  withLogs(db).where('o.package_id', '=', param('packageId')),
);

const holdingOrdersOfPlace = precompiled((db, param: Param<{ placeId: number }>) =>
  db
    .selectFrom('lockers as l')
    .innerJoin('orders as o', 'o.locker_id', 'l.id')
    .select(['o.id', 'o.locker_id', 'o.package_id', 'o.state', 'o.delivery_type', 'o.stored_at', 'o.company'])
    .where('l.place_id', '=', param('placeId'))
    // Constants, as in holdingOrdersOfLockers: the partial index of migration 0014 serves them.
    .where(sql<boolean>`o.state in (${sql.raw(inlineStates(LOCKER_HOLDING_STATES))})`),
);

export type OrderRow = NonNullable<Awaited<ReturnType<typeof orderById.executeTakeFirst>>>;

export const ordersRepository = {
  findById(db: DbOrTx, id: number) {
    return orderById.executeTakeFirst(db, { id });
  },
  findByPackageId(db: DbOrTx, packageId: string) {
    return orderByPackageId.executeTakeFirst(db, { packageId });
  },
  /** An order with its history in the same row (`logs`, oldest first): one query, not two. */
  async findWithLogs(db: DbOrTx, by: { id: number } | { packageId: string }) {
    const row = await ('id' in by
      ? orderWithLogsById.executeTakeFirst(db, by)
      : orderWithLogsByPackageId.executeTakeFirst(db, by));
    if (!row) return undefined;
    const { logs_json, ...order } = row;
    return { order, logs: jsonRows(logs_json) };
  },
  async existingPackageIds(db: DbOrTx, packageIds: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < packageIds.length; i += 500) {
      const rows = await db
        .selectFrom('orders')
        .select('package_id')
        .where('package_id', 'in', packageIds.slice(i, i + 500))
        .execute();
      for (const r of rows) out.add(r.package_id);
    }
    return out;
  },
  async list(db: DbOrTx, f: OrderFilter, limit: number, offset: number, oldestFirst = false) {
    // Side by side on PostgreSQL's pool (one after the other on SQLite's one connection).
    const [rows, total] = await Promise.all([
      applyFilter(baseQuery(db).select(orderColumns), f)
        .orderBy(oldestFirst ? 'o.stored_at' : 'o.created_at', oldestFirst ? 'asc' : 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.count(db, f),
    ]);
    return { rows, total };
  },
  /**
   * Exact total of a filter. State, archive flag and company are read from `order_counts` (a few
   * rows, whatever the number of orders); a text search or a date bound counts the orders
   * themselves (both narrow the rows through an index or are typed by a person, not polled).
   */
  async count(db: DbOrTx, f: OrderFilter): Promise<number> {
    if (f.search || f.storedBefore) {
      const r = await applyFilter(
        baseQuery(db).select((eb) => eb.fn.countAll().as('n')),
        f,
      ).executeTakeFirst();
      return toNumber(r?.n as number | string | undefined);
    }
    let q = db.selectFrom('order_counts').select((eb) => eb.fn.sum<number | string | null>('n').as('n'));
    if (f.states?.length) q = q.where('state', 'in', [...f.states]);
    if (f.archived !== undefined) q = q.where('archived', '=', f.archived ? 1 : 0);
    if (f.company !== undefined) q = q.where('company', '=', f.company ?? '');
    const r = await q.executeTakeFirst();
    return toNumber(r?.n ?? 0);
  },
  /**
   * Folds the rows the triggers appended into one per key, so totals stay a handful of rows.
   * PostgreSQL: one statement, so a row appended meanwhile is either folded or left, never lost.
   * SQLite: one connection and one writer, so the transaction sees every row it deletes.
   */
  async compactCounts(db: Db): Promise<void> {
    if (dialectOf(db) === 'postgres') {
      await sql`
        WITH gone AS (DELETE FROM order_counts RETURNING state, archived, company, n)
        INSERT INTO order_counts (state, archived, company, n)
        SELECT state, archived, company, sum(n) FROM gone GROUP BY state, archived, company HAVING sum(n) <> 0
      `.execute(db);
      return;
    }
    await db.transaction().execute(async (tx) => {
      const last = await tx
        .selectFrom('order_counts')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      if (last?.id == null) return;
      await sql`
        INSERT INTO order_counts (state, archived, company, n)
        SELECT state, archived, company, sum(n) FROM order_counts WHERE id <= ${last.id}
        GROUP BY state, archived, company HAVING sum(n) <> 0
      `.execute(tx);
      await tx.deleteFrom('order_counts').where('id', '<=', last.id).execute();
    });
  },
  async insert(db: DbOrTx, values: Insertable<OrdersTable>): Promise<number> {
    const row = await db.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  /** Inserts unless the package id exists (a concurrent import or double submit): true when inserted. */
  async insertIfNew(db: DbOrTx, values: Insertable<OrdersTable>): Promise<number | null> {
    const row = await db
      .insertInto('orders')
      .values(values)
      .onConflict((oc) => oc.column('package_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },
  /**
   * Compare-and-set: writes only when the row is still at `version` (and in one of `fromStates`).
   * False means someone else changed the order first; the caller rolls back or refuses.
   */
  async updateIf(
    db: DbOrTx,
    id: number,
    version: number,
    patch: Updateable<OrdersTable>,
    fromStates?: readonly number[],
  ): Promise<boolean> {
    let q = db
      .updateTable('orders')
      .set({ ...patch, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version);
    if (fromStates) q = q.where('state', 'in', [...fromStates]);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async delete(db: DbOrTx, id: number, version: number): Promise<boolean> {
    const r = await db
      .deleteFrom('orders')
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  },
  async insertLog(db: DbOrTx, values: Insertable<OrderLogsTable>) {
    await db.insertInto('order_logs').values(values).execute();
  },
  async logsOf(db: DbOrTx, orderId: number) {
    return db
      .selectFrom('order_logs')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id', 'asc')
      .execute();
  },
  async listLogs(
    db: DbOrTx,
    f: {
      orderId?: number;
      packageId?: string;
      actionId?: number;
      from?: string;
      to?: string;
      company?: string | null;
    },
    limit: number,
    offset: number,
  ) {
    const where = <Q extends ReturnType<typeof logsBase>>(q: Q): Q => {
      let r = q;
      if (f.orderId) r = r.where('order_id', '=', f.orderId) as Q;
      if (f.packageId) r = r.where(likeEscaped('package_id', containsPattern(f.packageId))) as Q;
      if (f.actionId !== undefined) r = r.where('action_id', '=', f.actionId) as Q;
      if (f.from) r = r.where('created_at', '>=', f.from) as Q;
      if (f.to) r = r.where('created_at', '<', f.to) as Q;
      if (f.company !== undefined) r = r.where('company', '=', f.company ?? '') as Q;
      return r;
    };
    const logsBase = () => db.selectFrom('order_logs');
    const rows = await where(logsBase())
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await where(logsBase())
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return { rows, total: toNumber(total?.n as number | string | undefined) };
  },
  /** Orders whose package waits in a locker of `placeId` with this pickup code hash. */
  async findWaitingByCode(
    db: DbOrTx,
    placeId: number,
    column: 'pickup_pin_hash' | 'pickup_qr_hash',
    hash: string,
    states: readonly OrderState[],
  ) {
    return baseQuery(db)
      .select(orderColumns)
      .where(`o.${column}`, '=', hash)
      .where('l.place_id', '=', placeId)
      .where('o.state', 'in', [...states])
      .executeTakeFirst();
  },
  async staleInStates(db: DbOrTx, states: readonly OrderState[], updatedBefore: string) {
    return (
      baseQuery(db)
        .select(orderColumns)
        // Written out in ascending order, not bound: the partial index of migration 0015 serves
        // the door-open states only when the query names the same constants.
        .where(sql<boolean>`o.state in (${sql.raw(inlineStates(states))})`)
        .where('o.updated_at', '<', updatedBefore)
        .limit(200)
        .execute()
    );
  },
  /** The order currently using a locker (a door event on it may move the order on). */
  async findActiveByLocker(db: DbOrTx, lockerId: number, states: readonly OrderState[]) {
    return baseQuery(db)
      .select(orderColumns)
      .where('o.locker_id', '=', lockerId)
      .where('o.state', 'in', [...states])
      .orderBy('o.updated_at', 'desc')
      .executeTakeFirst();
  },
  async insertSms(
    db: DbOrTx,
    v: { phone: string; body: string; kind: string; orderId: number; now: string },
  ) {
    await db
      .insertInto('sms_outbox')
      .values({ phone: v.phone, body: v.body, kind: v.kind, order_id: v.orderId, created_at: v.now })
      .execute();
  },

  /** The place a kiosk screen account is installed at (marketplace's binding table), if any. */
  async screenPlace(db: DbOrTx, adminId: number) {
    return db
      .selectFrom('kiosk_screens as k')
      .innerJoin('places as p', 'p.id', 'k.place_id')
      .select(['p.id', 'p.type'])
      .where('k.admin_id', '=', adminId)
      .executeTakeFirst();
  },

  // Lockers of delivery places.
  async place(db: DbOrTx, id: number) {
    return db.selectFrom('places').select(['id', 'name', 'type']).where('id', '=', id).executeTakeFirst();
  },
  async deliveryPlaces(db: DbOrTx, placeId?: number) {
    let q = db.selectFrom('places').select(['id', 'name']).where('type', '=', 'DELIVERY');
    if (placeId) q = q.where('id', '=', placeId);
    return q.orderBy('name').execute();
  },
  /** Free lockers counted by place and size (SPEC §4 availability rule, minus locker users). */
  async availableCounts(db: DbOrTx, placeIds: number[]) {
    if (placeIds.length === 0) return [];
    return db
      .selectFrom('lockers')
      .select(['place_id', 'size', (eb) => eb.fn.countAll().as('n')])
      .where('place_id', 'in', placeIds)
      .where('status', '=', LOCKER_STATUS.AVAILABLE)
      .where('enabled', '=', LOCKER_ENABLED.ENABLED)
      .where('door_status', '=', DOOR_STATUS.CLOSED)
      .groupBy(['place_id', 'size'])
      .execute();
  },
  async freeLockerIds(db: DbOrTx, placeId: number, size: string, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('lockers')
      .select('id')
      .where('place_id', '=', placeId)
      .where('size', '=', size)
      .where('status', '=', LOCKER_STATUS.AVAILABLE)
      .where('enabled', '=', LOCKER_ENABLED.ENABLED)
      .where('door_status', '=', DOOR_STATUS.CLOSED)
      .orderBy('door_number')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
  /** Compare-and-set on the locker status: exactly one of many concurrent claimers wins it. */
  async claimLocker(db: DbOrTx, lockerId: number, now: string): Promise<boolean> {
    const r = await db
      .updateTable('lockers')
      .set({ status: LOCKER_STATUS.RESERVED, updated_at: now })
      .where('id', '=', lockerId)
      .where('status', '=', LOCKER_STATUS.AVAILABLE)
      .where('enabled', '=', LOCKER_ENABLED.ENABLED)
      .where('door_status', '=', DOOR_STATUS.CLOSED)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /**
   * Sets a locker's status. `expiresAt` is when a stored package counts as left too long (the alerts
   * area lists lockers past it); a freed locker never expires.
   */
  async setLockerStatus(db: DbOrTx, lockerId: number, status: number, now: string, expiresAt?: string) {
    await db
      .updateTable('lockers')
      .set({
        status,
        updated_at: now,
        ...(status === LOCKER_STATUS.AVAILABLE ? { expiration_date_time: null } : {}),
        ...(expiresAt ? { expiration_date_time: expiresAt } : {}),
      })
      .where('id', '=', lockerId)
      .execute();
  },
  async locker(db: DbOrTx, id: number) {
    return db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select([
        'l.id',
        'l.place_id',
        'l.door_number',
        'l.size',
        'l.status',
        'l.door_status',
        'l.enabled',
        'p.type',
        'p.name',
      ])
      .where('l.id', '=', id)
      .executeTakeFirst();
  },
  async deliveryLockers(db: DbOrTx, placeId?: number) {
    let q = db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select([
        'l.id',
        'l.place_id',
        'p.name as place_name',
        'l.door_number',
        'l.size',
        'l.status',
        'l.door_status',
        'l.enabled',
        'l.accessibility',
      ])
      .where('p.type', '=', 'DELIVERY');
    if (placeId) q = q.where('l.place_id', '=', placeId);
    return q.orderBy('p.name').orderBy('l.door_number').execute();
  },
  /** The orders holding a locker of a place (the location grid): joined on the place, built once. */
  holdingOrdersOfPlace(db: DbOrTx, placeId: number) {
    return holdingOrdersOfPlace.execute(db, { placeId });
  },
  /** The orders holding some lockers (LOCKER_HOLDING_STATES). */
  async holdingOrdersOfLockers(db: DbOrTx, lockerIds: number[]) {
    if (lockerIds.length === 0) return [];
    return (
      db
        .selectFrom('orders')
        .select(['id', 'locker_id', 'package_id', 'state', 'delivery_type', 'stored_at', 'company'])
        .where('locker_id', 'in', lockerIds)
        // Written out, not bound: a partial index (migration 0011) serves the holding states, and
        // both databases use one only when the query names the same constants.
        .where(sql<boolean>`state in (${sql.raw(inlineStates(LOCKER_HOLDING_STATES))})`)
        .execute()
    );
  },
  async setLockersEnabled(db: DbOrTx, ids: number[], enabled: number, now: string) {
    await db.updateTable('lockers').set({ enabled, updated_at: now }).where('id', 'in', ids).execute();
  },
  /** Rows for analytics: orders created in the window, or still holding a locker. */
  async analyticsRows(
    db: DbOrTx,
    f: { placeId?: number; from: string; to: string; company?: string | null },
  ) {
    let q = baseQuery(db)
      .select(['o.id', 'o.state', 'o.created_at', 'o.stored_at', 'o.picked_up_at', 'l.size as locker_size'])
      .where('o.created_at', '>=', f.from)
      .where('o.created_at', '<', f.to);
    if (f.placeId) q = q.where('l.place_id', '=', f.placeId);
    if (f.company !== undefined) q = q.where('o.company', '=', f.company ?? '');
    return q.execute();
  },
};
