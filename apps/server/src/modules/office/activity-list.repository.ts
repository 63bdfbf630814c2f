import type { AccessReason, ActivityEvent, ActivityFilter, SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { toNumber } from '../../db/helpers.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';
import { OFFICE_PLACE_TYPE } from './users.repository.js';

/*
 * The office activity list (issue #22): door events of office lockers, or kiosk attempts, one
 * filtered and sorted query each, read a page at a time by the screen and a keyset chunk at a
 * time by the export.
 */

type Filter = Omit<ActivityFilter, 'max_results' | 'offset'>;
type Sort = { sort: ActivityFilter['sort']; order: SortOrder };

/** `YYYY-MM-DD|YYYY-MM-DD` as an inclusive ISO range (dates are UTC days). */
const rangeOf = (r: { from: string; to: string }) => ({
  from: `${r.from}T00:00:00.000Z`,
  to: `${r.to}T23:59:59.999Z`,
});

const ACCESS_SORT: Record<Sort['sort'], SortKey> = {
  at: { ref: 'a.created_at' },
  doorNumber: { ref: 'a.door_number', nullable: true },
};
const DOOR_SORT: Record<Sort['sort'], SortKey> = {
  at: { ref: 'e.created_at' },
  doorNumber: { ref: 'e.door_number', nullable: true },
};

/** Where an event stands in the list's order (for reading the next chunk of an export). */
export const activityCursor = (sort: Sort['sort'], e: ActivityEvent): SeekCursor => ({
  value: sort === 'at' ? e.at : e.doorNumber,
  id: e.id,
});

function accessQuery(db: DbOrTx, f: Filter) {
  const range = f.dateRange ? rangeOf(f.dateRange) : null;
  let q = db.selectFrom('office_access_log as a').leftJoin('places as p', 'p.id', 'a.place_id');
  if (f.placeId) q = q.where('a.place_id', '=', f.placeId);
  if (f.userId) q = q.where('a.user_id', '=', f.userId);
  if (f.doorNumber) q = q.where('a.door_number', '=', f.doorNumber);
  if (f.granted !== undefined) q = q.where('a.granted', '=', f.granted);
  if (range) q = q.where('a.created_at', '>=', range.from).where('a.created_at', '<=', range.to);
  return q;
}

function doorQuery(db: DbOrTx, f: Filter) {
  const range = f.dateRange ? rangeOf(f.dateRange) : null;
  let q = db
    .selectFrom('door_events as e')
    .innerJoin('places as p', 'p.id', 'e.place_id')
    .leftJoin('locker_users as u', 'u.id', 'e.user_id')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .where('p.type', '=', OFFICE_PLACE_TYPE);
  if (f.placeId) q = q.where('e.place_id', '=', f.placeId);
  if (f.userId) q = q.where('e.user_id', '=', f.userId);
  if (f.doorNumber) q = q.where('e.door_number', '=', f.doorNumber);
  if (range) q = q.where('e.created_at', '>=', range.from).where('e.created_at', '<=', range.to);
  return q;
}

function accessRows(db: DbOrTx, f: Filter, s: Sort) {
  const [first, then] = sortTerms(ACCESS_SORT[s.sort], 'a.id', s.order);
  return accessQuery(db, f).selectAll('a').select('p.name as placeName').orderBy(first).orderBy(then);
}

function doorRows(db: DbOrTx, f: Filter, s: Sort) {
  const [first, then] = sortTerms(DOOR_SORT[s.sort], 'e.id', s.order);
  return doorQuery(db, f)
    .select([
      'e.id',
      'e.created_at',
      'e.place_id',
      'p.name as placeName',
      'e.locker_id',
      'e.door_number',
      'e.door_status',
      'e.commanded',
      'e.user_id',
      'u.name as userName',
      'a.name as adminName',
    ])
    .orderBy(first)
    .orderBy(then);
}

type AccessRow = Awaited<ReturnType<ReturnType<typeof accessRows>['execute']>>[number];
type DoorRow = Awaited<ReturnType<ReturnType<typeof doorRows>['execute']>>[number];

const fromAccess = (r: AccessRow): ActivityEvent => ({
  id: r.id,
  at: r.created_at,
  placeId: r.place_id,
  placeName: r.placeName ?? null,
  lockerId: r.locker_id,
  doorNumber: r.door_number,
  doorStatus: null,
  commanded: null,
  userId: r.user_id,
  userName: r.user_name,
  adminName: null,
  granted: r.granted ? 1 : 0,
  reason: (r.reason as AccessReason | null) ?? null,
  credential: r.credential === 'pin' ? 'pin' : 'card',
});

const fromDoor = (r: DoorRow): ActivityEvent => ({
  id: r.id,
  at: r.created_at,
  placeId: r.place_id,
  placeName: r.placeName,
  lockerId: r.locker_id,
  doorNumber: r.door_number,
  doorStatus: r.door_status,
  commanded: r.commanded ? 1 : 0,
  userId: r.user_id,
  userName: r.userName ?? null,
  adminName: r.adminName ?? null,
  granted: null,
  reason: null,
  credential: null,
});

export const activityListRepository = {
  async page(db: DbOrTx, f: ActivityFilter) {
    const s = { sort: f.sort, order: f.order };
    if (f.kind === 'access') {
      const [rows, c] = await Promise.all([
        accessRows(db, f, s).limit(f.max_results).offset(f.offset).execute(),
        accessQuery(db, f)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { events: rows.map(fromAccess), totalEvents: toNumber(c.n as number) };
    }
    const [rows, c] = await Promise.all([
      doorRows(db, f, s).limit(f.max_results).offset(f.offset).execute(),
      doorQuery(db, f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { events: rows.map(fromDoor), totalEvents: toNumber(c.n as number) };
  },
  /** The chunk of the filtered events after `cursor`, in the list's order (the export reads it whole). */
  async chunkAfter(db: DbOrTx, f: Filter, s: Sort, cursor: SeekCursor | null, limit: number) {
    if (f.kind === 'access') {
      let q = accessRows(db, f, s);
      if (cursor) q = q.where(afterCursor(ACCESS_SORT[s.sort], 'a.id', s.order, cursor));
      return (await q.limit(limit).execute()).map(fromAccess);
    }
    let q = doorRows(db, f, s);
    if (cursor) q = q.where(afterCursor(DOOR_SORT[s.sort], 'e.id', s.order, cursor));
    return (await q.limit(limit).execute()).map(fromDoor);
  },
};
