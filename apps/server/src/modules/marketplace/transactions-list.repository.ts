import { SEARCH_COUNT_CAP, type SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { containsPattern, likeEscaped, toNumber } from '../../db/helpers.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';
import type { TransactionFilter, TransactionRow } from './transactions.repository.js';

/*
 * The transactions list (issue #22): one filtered, sorted query, read a page at a time by the
 * screen and a keyset chunk at a time by the export.
 */

export type TransactionSort = 'createdAt' | 'reference' | 'totalCostCents' | 'chargedCents';
export interface TransactionListSort {
  sort: TransactionSort;
  order: SortOrder;
}

const SORT_KEY: Record<TransactionSort, SortKey> = {
  createdAt: { ref: 'created_at' },
  reference: { ref: 'reference' },
  totalCostCents: { ref: 'total_cost_cents' },
  chargedCents: { ref: 'charged_cents' },
};
const SORT_VALUE: Record<TransactionSort, (r: TransactionRow) => unknown> = {
  createdAt: (r) => r.created_at,
  reference: (r) => r.reference,
  totalCostCents: (r) => r.total_cost_cents,
  chargedCents: (r) => r.charged_cents,
};

export const transactionCursor = (sort: TransactionSort, r: TransactionRow): SeekCursor => ({
  value: SORT_VALUE[sort](r),
  id: r.id,
});

function filtered(db: DbOrTx, f: TransactionFilter) {
  let q = db.selectFrom('transactions');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.method) q = q.where('method', '=', f.method);
  if (f.placeId) q = q.where('place_id', '=', f.placeId);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<', f.to);
  if (f.search) {
    const like = containsPattern(f.search);
    q = q.where((eb) =>
      eb.or([
        likeEscaped('reference', like),
        likeEscaped('phone', like),
        likeEscaped('identifier', like),
        likeEscaped('provider_transaction_id', like),
        likeEscaped('invoice_id', like),
      ]),
    );
  }
  return q;
}

function sorted(db: DbOrTx, f: TransactionFilter, s: TransactionListSort) {
  const [first, then] = sortTerms(SORT_KEY[s.sort], 'id', s.order);
  return filtered(db, f).selectAll().orderBy(first).orderBy(then);
}

export const transactionsListRepository = {
  /**
   * A page and the total: exact, but above SEARCH_COUNT_CAP matches (filtered or not), where it is
   * the cap and `lowerBound` is true.
   */
  async page(db: DbOrTx, f: TransactionFilter, s: TransactionListSort, limit: number, offset: number) {
    const [rows, count] = await Promise.all([
      sorted(db, f, s).limit(limit).offset(offset).execute(),
      db
        .selectFrom(
          filtered(db, f)
            .select('id')
            .limit(SEARCH_COUNT_CAP + 1)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ]);
    const n = toNumber(count?.n as number);
    const lowerBound = n > SEARCH_COUNT_CAP;
    return { rows, total: lowerBound ? SEARCH_COUNT_CAP : n, lowerBound };
  },
  /** The chunk of the filtered list after `cursor`, in the list's order (exports read it whole). */
  chunkAfter(
    db: DbOrTx,
    f: TransactionFilter,
    s: TransactionListSort,
    cursor: SeekCursor | null,
    limit: number,
  ) {
    let q = sorted(db, f, s);
    if (cursor) q = q.where(afterCursor(SORT_KEY[s.sort], 'id', s.order, cursor));
    return q.limit(limit).execute();
  },
};
