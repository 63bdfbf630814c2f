import type { OnConflictBuilder } from 'kysely';
import type { OrderState } from '@cacifo/contract';
import type { Database, Db, DbOrTx } from '../../db/schema.js';
import { containsPattern, jsonArray, likeEscaped, sql } from '../../db/helpers.js';

// How an order is read: its columns, its joins and the lists' filter, shared by the repositories
// that read orders (one order, the lists, the counts).
export interface OrderFilter {
  states?: readonly number[];
  archived?: boolean;
  /** The caller's scope: a store account sees its company's orders only (undefined: every one). */
  company?: string | null;
  /** The lists' store filter (an operator choosing one company). */
  store?: string;
  search?: string;
  storedBefore?: string;
  placeId?: number;
  deliveryType?: number;
  /** Half-open ISO ranges: from <= instant < to. */
  created?: { from: string; to: string };
  stored?: { from: string; to: string };
  /** The orders this account opened a deposit door for (the courier's own list). */
  depositedBy?: number;
}

export const orderColumns = [
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
  'o.recipient_language',
  'o.expires_at',
  'o.next_notice_at',
  'o.return_code',
  'o.parcel_size',
  'o.target_place_id',
  'o.stored_at',
  'o.picked_up_at',
  'o.version',
  'o.created_at',
  'o.updated_at',
  'l.door_number',
  'l.size as locker_size',
  'l.enabled as locker_enabled',
  'l.place_id',
  'p.name as place_name',
] as const;

/** A state list as SQL literals, ascending: partial indexes match only the constants they name. */
export const inlineStates = (states: readonly OrderState[]) =>
  [...states]
    .map((s) => Math.trunc(s))
    .sort((a, b) => a - b)
    .join(', ');

export function baseQuery(db: DbOrTx) {
  return db
    .selectFrom('orders as o')
    .leftJoin('lockers as l', 'l.id', 'o.locker_id')
    .leftJoin('places as p', 'p.id', 'l.place_id');
}

export function applyFilter<Q extends ReturnType<typeof baseQuery>>(q: Q, f: OrderFilter): Q {
  let r = q;
  if (f.states?.length) r = r.where('o.state', 'in', [...f.states]) as Q;
  if (f.archived !== undefined) r = r.where('o.archived', '=', f.archived ? 1 : 0) as Q;
  // Store accounts are scoped to their company; undefined means "every company" (operators).
  if (f.company !== undefined) r = r.where('o.company', '=', f.company ?? '') as Q;
  if (f.store !== undefined) r = r.where('o.company', '=', f.store) as Q;
  if (f.storedBefore) r = r.where('o.stored_at', '<', f.storedBefore) as Q;
  if (f.placeId !== undefined) r = r.where('l.place_id', '=', f.placeId) as Q;
  if (f.deliveryType !== undefined) r = r.where('o.delivery_type', '=', f.deliveryType) as Q;
  if (f.created)
    r = r.where('o.created_at', '>=', f.created.from).where('o.created_at', '<', f.created.to) as Q;
  if (f.stored) r = r.where('o.stored_at', '>=', f.stored.from).where('o.stored_at', '<', f.stored.to) as Q;
  if (f.depositedBy !== undefined) {
    const adminId = f.depositedBy;
    r = r.where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_logs as lg')
          .select('lg.id')
          .whereRef('lg.order_id', '=', 'o.id')
          .where('lg.admin_id', '=', adminId)
          .where('lg.action', 'in', ['openForDeposit', 'openExteriorForDeposit'])
          .whereRef('lg.from_state', '!=', 'lg.state'),
      ),
    ) as Q;
  }
  if (f.search) {
    // Any case on both databases (PostgreSQL's LIKE minds case, SQLite's does not).
    const pattern = containsPattern(f.search.toLowerCase());
    const lower = (column: string) => sql`lower(${sql.ref(column)})`;
    r = r.where((eb) =>
      eb.or([
        likeEscaped(lower('o.package_id'), pattern),
        likeEscaped(lower('o.recipient_phone'), pattern),
        likeEscaped(lower('o.recipient_number'), pattern),
      ]),
    ) as Q;
  }
  return r;
}

/**
 * An insert that meets a taken package id writes nothing. No conflict target: the package id's two
 * unique indexes (exact, migration 0004; any case, 0150) are the only ones on orders, and a target
 * names one of them only (an id equal to a clashed order of 0150 trips the other).
 */
export const onPackageIdTaken = (oc: OnConflictBuilder<Database, 'orders'>) => oc.doNothing();

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

/** An order with its history in the same row (`logs_json`, oldest first). */
export const withLogs = (db: Db) =>
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
