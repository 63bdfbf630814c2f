import type { Insertable } from 'kysely';
import { ASSET_LOG_ACTION } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { toNumber } from '../../db/helpers.js';
import type { AssetLogsTable } from '../../db/tables/assets.js';
import { logFilters, type AssetLogFilter } from './asset-filters.repository.js';
import { ASSET_LOG_DEFAULT_SORT, sortedLogs, type AssetLogListSort } from './asset-list.repository.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The whole UTC days inside [from, to): `first` (inclusive) to `end` (exclusive) as dates, and
 * where they start and end as timestamps. Null when the interval holds no whole day.
 */
export function wholeDays(from: string, to: string) {
  const start = Math.ceil(Date.parse(from) / DAY_MS) * DAY_MS;
  const end = Math.floor(Date.parse(to) / DAY_MS) * DAY_MS;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  return {
    first: dayOf(start),
    end: dayOf(end),
    startIso: new Date(start).toISOString(),
    endIso: new Date(end).toISOString(),
  };
}

/** Asset logs and the uses KPIs count: Kysely queries only. */
export const assetLogsRepository = {
  async insertLog(db: DbOrTx, row: Insertable<AssetLogsTable>) {
    await db.insertInto('asset_logs').values(row).execute();
  },
  /** Who last opened a door to store the asset: an admin (11) or a locker user at the wall (16). */
  async lastStorageOpening(db: DbOrTx, assetId: number): Promise<number | null> {
    const row = await db
      .selectFrom('asset_logs')
      .select('action_id')
      .where('asset_id', '=', assetId)
      .where('action_id', 'in', [
        ASSET_LOG_ACTION.OPENED_FOR_STORAGE_BY_ADMIN,
        ASSET_LOG_ACTION.OPENED_FOR_STORAGE_BY_USER,
      ])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.action_id ?? null;
  },
  /** The location name of each of these lockers, for the logs' door column. */
  async placeNamesOfLockers(db: DbOrTx, lockerIds: number[]): Promise<Map<number, string>> {
    if (lockerIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('lockers')
      .innerJoin('places', 'places.id', 'lockers.place_id')
      .select(['lockers.id as lockerId', 'places.name as placeName'])
      .where('lockers.id', 'in', [...new Set(lockerIds)])
      .execute();
    return new Map(rows.map((r) => [r.lockerId, r.placeName]));
  },
  listLogs(
    db: DbOrTx,
    f: AssetLogFilter,
    page: { limit: number; offset: number },
    sort: AssetLogListSort = ASSET_LOG_DEFAULT_SORT,
  ) {
    return sortedLogs(db, f, sort).limit(page.limit).offset(page.offset).execute();
  },
  async countLogs(db: DbOrTx, f: AssetLogFilter): Promise<number> {
    const count = async (filter: AssetLogFilter) => {
      const row = await logFilters(db, filter)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return toNumber(row.n);
    };
    const onlyDates = Object.entries(f).every(([k, v]) => v === undefined || k === 'from' || k === 'to');
    const { from, to } = f;
    const days = onlyDates && from && to ? wholeDays(from, to) : null;
    if (!days || !from || !to) return count(f);
    // Whole days from the per-day totals (migration 0012); the partial days at the edges from the logs.
    const whole = await db
      .selectFrom('asset_log_days')
      .select((eb) => eb.fn.sum<string | number | null>('n').as('n'))
      .where('day', '>=', days.first)
      .where('day', '<', days.end)
      .executeTakeFirstOrThrow();
    const [head, tail] = await Promise.all([
      Date.parse(days.startIso) > Date.parse(from) ? count({ from, to: days.startIso }) : 0,
      Date.parse(days.endIso) < Date.parse(to) ? count({ from: days.endIso, to }) : 0,
    ]);
    return toNumber(whole.n ?? 0) + head + tail;
  },
  usesSince(db: DbOrTx, assetId: number, actions: number[], since: string) {
    return db
      .selectFrom('asset_logs')
      .select(['user_id', 'username', 'admin_id', 'admin_name', 'created_at'])
      .where('asset_id', '=', assetId)
      .where('action_id', 'in', actions)
      .where('created_at', '>=', since)
      .execute();
  },
  async countUses(db: DbOrTx, assetId: number, actions: number[]): Promise<number> {
    const row = await db
      .selectFrom('asset_logs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('asset_id', '=', assetId)
      .where('action_id', 'in', actions)
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
  },
};
