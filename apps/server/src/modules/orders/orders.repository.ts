import type { Insertable, Updateable } from 'kysely';
import { LOCKER_HOLDING_STATES, SEARCH_COUNT_CAP, type OrderState } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import type { OrdersTable } from '../../db/tables/orders.js';
import { jsonRows, sql, toNumber } from '../../db/helpers.js';
import { precompiled, type Param } from '../../db/precompiled.js';
import { orderCountsRepository } from './order-counts.repository.js';
import {
  applyFilter,
  baseQuery,
  inlineStates,
  onPackageIdTaken,
  orderColumns,
  type OrderFilter,
  withLogs,
} from './order-query.repository.js';

// The lookups of one order run on every scan and every order screen: built once (precompiled).
const orderById = precompiled((db, param: Param<{ id: number }>) =>
  baseQuery(db).select(orderColumns).where('o.id', '=', param('id')),
);
const orderByPackageId = precompiled((db, param: Param<{ packageId: string }>) =>
  baseQuery(db).select(orderColumns).where('o.package_id', '=', param('packageId')),
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
  /** Ids of the orders whose package id equals `packageId` in any case (at most two: enough to tell one from many). */
  async idsByPackageIdAnyCase(db: DbOrTx, packageId: string): Promise<number[]> {
    const rows = await db
      .selectFrom('orders')
      .select('id')
      .where(sql<boolean>`lower(package_id) = ${packageId.toLowerCase()}`)
      .limit(2)
      .execute();
    return rows.map((r) => r.id);
  },
  /** Orders by id, in chunks that stay under either database's parameter limit. */
  async findByIds(db: DbOrTx, ids: readonly number[]): Promise<OrderRow[]> {
    const out: OrderRow[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      out.push(
        ...(await baseQuery(db).select(orderColumns).where('o.id', 'in', chunk).orderBy('o.id').execute()),
      );
    }
    return out;
  },
  /** The package ids of `packageIds` already taken in any case, lower-cased (migration 0150). */
  async existingPackageIds(db: DbOrTx, packageIds: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    const lowered = [...new Set(packageIds.map((p) => p.toLowerCase()))];
    for (let i = 0; i < lowered.length; i += 500) {
      const rows = await db
        .selectFrom('orders')
        .select('package_id')
        .where(sql<string>`lower(package_id)`, 'in', lowered.slice(i, i + 500))
        .execute();
      for (const r of rows) out.add(r.package_id.toLowerCase());
    }
    return out;
  },
  /**
   * Total of a filter. State, archive flag and company alone are read from `order_counts` (a few
   * rows, whatever the number of orders); any other filter counts the orders themselves and stops
   * one past SEARCH_COUNT_CAP (the caller reports "cap+"), so no total reads a million rows.
   */
  async count(db: DbOrTx, f: OrderFilter): Promise<{ n: number; counted: boolean }> {
    const countsOnly =
      !f.search &&
      !f.storedBefore &&
      f.placeId === undefined &&
      f.deliveryType === undefined &&
      !f.created &&
      !f.stored &&
      f.depositedBy === undefined &&
      (f.store === undefined || f.company === undefined);
    if (countsOnly)
      return {
        n: await orderCountsRepository.total(db, { ...f, company: f.store ?? f.company }),
        counted: false,
      };
    const r = await db
      .selectFrom(
        applyFilter(baseQuery(db).select('o.id'), f)
          .limit(SEARCH_COUNT_CAP + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return { n: toNumber(r?.n as number | string | undefined), counted: true };
  },
  /**
   * Inserts unless the package id exists in any case (a concurrent import, a double submit, the
   * same id typed in small letters): the new id, or null when nothing was written.
   */
  async insertIfNew(db: DbOrTx, values: Insertable<OrdersTable>): Promise<number | null> {
    const row = await db
      .insertInto('orders')
      .values(values)
      .onConflict(onPackageIdTaken)
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
  /** Orders in a locker of `placeId` answering to this code hash (several share one recipient's code). */
  async withCode(
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
      .orderBy('o.id')
      .execute();
  },
  /** The parcels of one recipient (phone number) waiting in lockers of a place, oldest first. */
  async waitingOfRecipient(db: DbOrTx, placeId: number, phone: string, states: readonly OrderState[]) {
    return baseQuery(db)
      .select(orderColumns)
      .where('o.recipient_phone', '=', phone)
      .where('l.place_id', '=', placeId)
      .where('o.state', 'in', [...states])
      .orderBy('o.id')
      .execute();
  },
  /** Sets housekeeping columns (the notice schedule, shared code hashes): not a change of the order. */
  async setColumns(db: DbOrTx, ids: readonly number[], patch: Updateable<OrdersTable>) {
    if (ids.length === 0) return;
    await db
      .updateTable('orders')
      .set(patch)
      .where('id', 'in', [...ids])
      .execute();
  },
  /**
   * Parcels in a locker of a place, in these states, stored with no pickup window: those stored
   * before migration 0050 gave every stored parcel one (issue #33).
   */
  async storedWithoutWindow(db: DbOrTx, states: readonly OrderState[], limit: number) {
    return (
      baseQuery(db)
        .select(orderColumns)
        // Written out in ascending order, not bound: the partial index of migration 0227 serves
        // the every-minute check only when the query names the same constants.
        .where(sql<boolean>`o.state in (${sql.raw(inlineStates(states))})`)
        .where('o.stored_at', 'is not', null)
        .where('o.expires_at', 'is', null)
        .where('l.place_id', 'is not', null)
        .orderBy('o.id')
        .limit(limit)
        .execute()
    );
  },
  /** Orders with a notice due (reminder, last-day warning, expiry) in these states. */
  async noticesDue(db: DbOrTx, now: string, states: readonly OrderState[], limit: number) {
    return baseQuery(db)
      .select(orderColumns)
      .where('o.next_notice_at', '<=', now)
      .where('o.state', 'in', [...states])
      .orderBy('o.next_notice_at')
      .limit(limit)
      .execute();
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
