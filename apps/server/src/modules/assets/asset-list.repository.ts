import type { Selectable } from 'kysely';
import type { AssetLogsFilter, AssetsFilter, SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';
import type { AssetLogsTable, AssetsTable } from '../../db/tables/assets.js';
import {
  assetFilters,
  logFilters,
  type AssetListFilter,
  type AssetLogFilter,
} from './asset-filters.repository.js';

/*
 * The assets and asset logs lists (issue #22): one filtered, sorted query each, read a page at a
 * time by the screen and a keyset chunk at a time by the export.
 */

export interface AssetListSort {
  sort: AssetsFilter['sort'];
  order: SortOrder;
}
export interface AssetLogListSort {
  sort: AssetLogsFilter['sort'];
  order: SortOrder;
}

/** The list's natural orders: by name (any case), and the logs newest first. */
export const ASSET_DEFAULT_SORT: AssetListSort = { sort: 'name', order: 'asc' };
export const ASSET_LOG_DEFAULT_SORT: AssetLogListSort = { sort: 'createdAt', order: 'desc' };

const ASSET_SORT: Record<AssetListSort['sort'], SortKey> = {
  // Any case, so "iPad" sorts among the I's on both databases.
  name: { ref: 'assets.name', lower: true },
  tag: { ref: 'assets.tag' },
  status: { ref: 'assets.status' },
  createdAt: { ref: 'assets.created_at' },
  statusChangeAt: { ref: 'assets.status_change_at' },
};
type AssetRow = Selectable<AssetsTable>;
const ASSET_VALUE: Record<AssetListSort['sort'], (r: AssetRow) => unknown> = {
  name: (r) => r.name.toLowerCase(),
  tag: (r) => r.tag,
  status: (r) => r.status,
  createdAt: (r) => r.created_at,
  statusChangeAt: (r) => r.status_change_at,
};
export const assetCursor = (sort: AssetListSort['sort'], r: AssetRow): SeekCursor => ({
  value: ASSET_VALUE[sort](r),
  id: r.id,
});

const LOG_SORT: Record<AssetLogListSort['sort'], SortKey> = {
  createdAt: { ref: 'created_at' },
  assetName: { ref: 'asset_name', lower: true },
  actionId: { ref: 'action_id' },
};
type LogRow = Selectable<AssetLogsTable>;
const LOG_VALUE: Record<AssetLogListSort['sort'], (r: LogRow) => unknown> = {
  createdAt: (r) => r.created_at,
  assetName: (r) => r.asset_name.toLowerCase(),
  actionId: (r) => r.action_id,
};
export const assetLogCursor = (sort: AssetLogListSort['sort'], r: LogRow): SeekCursor => ({
  value: LOG_VALUE[sort](r),
  id: r.id,
});

export function sortedAssets(db: DbOrTx, f: AssetListFilter, s: AssetListSort = ASSET_DEFAULT_SORT) {
  const [first, then] = sortTerms(ASSET_SORT[s.sort], 'assets.id', s.order);
  return assetFilters(db, f).selectAll('assets').orderBy(first).orderBy(then);
}

export function sortedLogs(db: DbOrTx, f: AssetLogFilter, s: AssetLogListSort = ASSET_LOG_DEFAULT_SORT) {
  const [first, then] = sortTerms(LOG_SORT[s.sort], 'id', s.order);
  return logFilters(db, f).selectAll().orderBy(first).orderBy(then);
}

export const assetListRepository = {
  /** The chunk of the filtered assets after `cursor`, in the list's order (the export reads it whole). */
  assetsAfter(db: DbOrTx, f: AssetListFilter, s: AssetListSort, cursor: SeekCursor | null, limit: number) {
    let q = sortedAssets(db, f, s);
    if (cursor) q = q.where(afterCursor(ASSET_SORT[s.sort], 'assets.id', s.order, cursor));
    return q.limit(limit).execute();
  },
  /** The chunk of the filtered logs after `cursor`, in the list's order. */
  logsAfter(db: DbOrTx, f: AssetLogFilter, s: AssetLogListSort, cursor: SeekCursor | null, limit: number) {
    let q = sortedLogs(db, f, s);
    if (cursor) q = q.where(afterCursor(LOG_SORT[s.sort], 'id', s.order, cursor));
    return q.limit(limit).execute();
  },
};
