import { sql, type ExpressionBuilder } from 'kysely';
import type { AlertListQuery } from '@cacifo/contract';
import type { Database, DbOrTx } from '../../db/schema.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';
import { lockerColumns } from '../locations/locations.repository.js';
import { ALERT_STATUSES } from './alerts.repository.js';

/** The alerts list's filters (issue #22): the day range is already instants. */
export interface AlertFilter {
  placeId?: number | undefined;
  doorStatus?: number | undefined;
  acknowledged?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
}
export type AlertSort = Pick<AlertListQuery, 'sort' | 'order'>;

/** The contract's sort whitelist; a location's name in any case. */
const SORT_KEY: Record<AlertSort['sort'], SortKey> = {
  since: { ref: 'lockers.door_status_updated_at', nullable: true },
  location: { ref: 'places.name', lower: true },
  door: { ref: 'lockers.door_number' },
  doorStatus: { ref: 'lockers.door_status' },
};

/** The alert under way was acknowledged (an acknowledgement of an earlier alert does not count). */
function acknowledgedNow(eb: ExpressionBuilder<Database, 'lockers'>) {
  return eb.exists(
    eb
      .selectFrom('alert_acknowledgements as a')
      .select('a.locker_id')
      .whereRef('a.locker_id', '=', 'lockers.id')
      .whereRef('a.alert_since', '=', 'lockers.door_status_updated_at')
      .whereRef('a.door_status', '=', 'lockers.door_status'),
  );
}

function filtered(db: DbOrTx, f: AlertFilter) {
  let q = db
    .selectFrom('lockers')
    .innerJoin('places', 'places.id', 'lockers.place_id')
    .where('lockers.door_status', 'in', ALERT_STATUSES);
  if (f.placeId !== undefined) q = q.where('lockers.place_id', '=', f.placeId);
  if (f.doorStatus !== undefined) q = q.where('lockers.door_status', '=', f.doorStatus);
  if (f.acknowledged === true) q = q.where((eb) => acknowledgedNow(eb));
  if (f.acknowledged === false) q = q.where((eb) => eb.not(acknowledgedNow(eb)));
  if (f.from !== undefined) q = q.where('lockers.door_status_updated_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('lockers.door_status_updated_at', '<=', f.to);
  return q;
}

function sorted(db: DbOrTx, f: AlertFilter, s: AlertSort) {
  const [first, then] = sortTerms(SORT_KEY[s.sort], 'lockers.id', s.order);
  return filtered(db, f)
    .select([
      ...lockerColumns,
      'places.name as place_name',
      'places.type as place_type',
      // The lowered name as the database lowers it, so an export's cursor matches its ORDER BY.
      sql<string>`lower(places.name)`.as('place_key'),
    ])
    .orderBy(first)
    .orderBy(then);
}

/** Where a row stands in the list's order (the export reads the next chunk after it). */
export function alertCursor(
  sort: AlertSort['sort'],
  r: {
    id: number;
    door_status_updated_at: string | null;
    place_key: string;
    door_number: number;
    door_status: number;
  },
): SeekCursor {
  const value = {
    since: r.door_status_updated_at,
    location: r.place_key,
    door: r.door_number,
    doorStatus: r.door_status,
  }[sort];
  return { value, id: r.id };
}

/** The alerts list (the /alerts screen) and its export: one filter and one order for both. */
export const alertListQueries = {
  async page(db: DbOrTx, f: AlertFilter, s: AlertSort, page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      sorted(db, f, s).limit(page.limit).offset(page.offset).execute(),
      filtered(db, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** The chunk of the filtered alerts after `cursor`, in the list's order. */
  chunkAfter(db: DbOrTx, f: AlertFilter, s: AlertSort, cursor: SeekCursor | null, limit: number) {
    let q = sorted(db, f, s);
    if (cursor) q = q.where(afterCursor(SORT_KEY[s.sort], 'lockers.id', s.order, cursor));
    return q.limit(limit).execute();
  },
};
