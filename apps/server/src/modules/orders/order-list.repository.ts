import { SEARCH_COUNT_CAP, type OrderSortColumn, type SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';
import { applyFilter, baseQuery, orderColumns, type OrderFilter } from './order-query.repository.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';

/*
 * The order lists (issue #22): one filtered, sorted query behind the six list screens, read a page
 * at a time by the screens and a keyset chunk at a time by the export.
 */

export interface OrderListSort {
  sort: OrderSortColumn;
  order: SortOrder;
}

/** The columns the lists sort by (the contract's whitelist), as keys a chunk can be sought by. */
const SORT_KEY: Record<OrderSortColumn, SortKey> = {
  createdAt: { ref: 'o.created_at' },
  storedAt: { ref: 'o.stored_at', nullable: true },
  updatedAt: { ref: 'o.updated_at' },
  packageId: { ref: 'o.package_id' },
  state: { ref: 'o.state' },
};
const SORT_VALUE: Record<OrderSortColumn, (r: OrderRow) => unknown> = {
  createdAt: (r) => r.created_at,
  storedAt: (r) => r.stored_at,
  updatedAt: (r) => r.updated_at,
  packageId: (r) => r.package_id,
  state: (r) => r.state,
};

/** Where a row stands in the list's order (for reading the next chunk of an export). */
export const orderCursor = (sort: OrderSortColumn, r: OrderRow): SeekCursor => ({
  value: SORT_VALUE[sort](r),
  id: r.id,
});

function sorted(db: DbOrTx, f: OrderFilter, s: OrderListSort) {
  const [first, then] = sortTerms(SORT_KEY[s.sort], 'o.id', s.order);
  return applyFilter(baseQuery(db).select(orderColumns), f).orderBy(first).orderBy(then);
}

export const orderListRepository = {
  /**
   * A page of the filtered list in its order, and the total: exact, but for a filter beyond the
   * counts table with more than SEARCH_COUNT_CAP matches, where it is the cap and `lowerBound` is true.
   */
  async page(db: DbOrTx, f: OrderFilter, s: OrderListSort, limit: number, offset: number) {
    // Side by side on PostgreSQL's pool (one after the other on SQLite's one connection).
    const [rows, { n, counted }] = await Promise.all([
      sorted(db, f, s).limit(limit).offset(offset).execute(),
      ordersRepository.count(db, f),
    ]);
    // Only a count that stopped at the cap is a lower bound; the counts table's totals are exact.
    const lowerBound = counted && n > SEARCH_COUNT_CAP;
    return { rows, total: lowerBound ? SEARCH_COUNT_CAP : n, lowerBound };
  },
  /** The chunk of the filtered list after `cursor`, in the list's order (exports read it whole). */
  chunkAfter(db: DbOrTx, f: OrderFilter, s: OrderListSort, cursor: SeekCursor | null, limit: number) {
    let q = sorted(db, f, s);
    if (cursor) q = q.where(afterCursor(SORT_KEY[s.sort], 'o.id', s.order, cursor));
    return q.limit(limit).execute();
  },
  /** The companies that own orders (the store filter's choices), from the counts table: a few rows. */
  async companies(db: DbOrTx, scope: string | null | undefined): Promise<string[]> {
    let q = db
      .selectFrom('order_counts')
      .select('company')
      .where('company', 'is not', null)
      .where('company', '!=', '')
      .groupBy('company')
      .having((eb) => eb.fn.sum('n'), '>', 0)
      .orderBy('company');
    if (scope !== undefined) q = q.where('company', '=', scope ?? '');
    return (await q.execute()).map((r) => r.company!);
  },
};
