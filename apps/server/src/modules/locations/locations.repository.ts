import { sql } from 'kysely';
import type { SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { containsPattern, likeEscaped } from '../../db/helpers.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';
import { precompiled, type Param } from '../../db/precompiled.js';
import { availableSql, countWhere, inUseSql } from '../lockers/locker-availability.repository.js';
import { countOf } from './place-counts.repository.js';

export const lockerColumns = [
  'lockers.id',
  'lockers.place_id',
  'lockers.door_number',
  'lockers.size',
  'lockers.status',
  'lockers.door_status',
  'lockers.enabled',
  'lockers.accessibility',
  'lockers.door_status_updated_at',
  'lockers.expiration_date_time',
] as const;
export type LockerRow = {
  id: number;
  place_id: number;
  door_number: number;
  size: string;
  status: number;
  door_status: number;
  enabled: number;
  accessibility: number;
  door_status_updated_at: string | null;
  expiration_date_time: string | null;
};

// Every grid opening and every mode change reads these two (db/precompiled.ts).
const placeById = precompiled((db, param: Param<{ id: number }>) =>
  db.selectFrom('places').selectAll().where('id', '=', param('id')),
);
const lockersOfPlace = precompiled((db, param: Param<{ placeId: number }>) =>
  db
    .selectFrom('lockers')
    .select(lockerColumns)
    .where('place_id', '=', param('placeId'))
    .orderBy('door_number'),
);

/** The locations list's filters (issue #22): type, mode, part of the name in any case. */
export interface PlaceFilter {
  type?: string | undefined;
  mode?: string | undefined;
  search?: string | undefined;
  ids?: number[] | undefined;
  sort?: PlaceSort | undefined;
}
export interface PlaceSort {
  sort: 'name' | 'type';
  order: SortOrder;
}
const DEFAULT_PLACE_SORT: PlaceSort = { sort: 'name', order: 'asc' };
/** The contract's sort whitelist; names in any case. */
const PLACE_SORT_KEY: Record<PlaceSort['sort'], SortKey> = {
  name: { ref: 'places.name', lower: true },
  type: { ref: 'places.type' },
};

function filteredPlaces(db: DbOrTx, f: PlaceFilter) {
  let q = db.selectFrom('places');
  if (f.type) q = q.where('places.type', '=', f.type);
  if (f.mode) q = q.where('places.mode', '=', f.mode);
  if (f.search) q = q.where(likeEscaped(sql`lower(places.name)`, containsPattern(f.search.toLowerCase())));
  if (f.ids) q = q.where('places.id', 'in', f.ids.length ? f.ids : [-1]);
  return q;
}

/** A place's own columns: selected and grouped by alike, beside its lockers' counts. */
const PLACE_COLUMNS = [
  'places.id',
  'places.name',
  'places.type',
  'places.system_type',
  'places.address',
  'places.mode',
  'places.exterior_door',
  'places.updated_at',
] as const;

/** The filtered places with their live counts, in the list's order (ties by id). */
function countedPlaces(q: ReturnType<typeof filteredPlaces>, s: PlaceSort) {
  const [first, then] = sortTerms(PLACE_SORT_KEY[s.sort], 'places.id', s.order);
  return q
    .leftJoin('lockers', 'lockers.place_id', 'places.id')
    .select((eb) => [
      ...PLACE_COLUMNS,
      // The lowered name as the database lowers it, so an export's cursor matches its ORDER BY.
      sql<string>`lower(places.name)`.as('name_key'),
      eb.fn.count<number>('lockers.id').as('lockers'),
      countWhere(availableSql('lockers')).as('available'),
      countWhere(inUseSql('lockers')).as('occupied'),
      countOf('open').as('open'),
      countOf('alerts').as('alerts'),
      countOf('offline').as('offline'),
      countOf('disabled').as('disabled'),
    ])
    .groupBy([...PLACE_COLUMNS])
    .orderBy(first)
    .orderBy(then);
}

/** Where a place stands in the list's order (the export reads the next chunk after it). */
export const placeCursor = (sort: PlaceSort['sort'], r: { id: number; name_key: string; type: string }) => ({
  value: sort === 'name' ? r.name_key : r.type,
  id: r.id,
});

export const locationsRepository = {
  /** Places with live locker counts, one grouped query; filtered and sorted as the list asks. */
  async listPlaces(db: DbOrTx, f: PlaceFilter & { ids?: number[]; limit: number; offset: number }) {
    const q = filteredPlaces(db, f);
    // Places asked for by id need no count query: the total is the rows found.
    const total = f.ids
      ? null
      : await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await countedPlaces(q, f.sort ?? DEFAULT_PLACE_SORT)
      .limit(f.limit)
      .offset(f.offset)
      .execute();
    return { rows, total: total ? Number(total.n) : rows.length };
  },

  /** The chunk of the filtered places after `cursor`, in the list's order (the export reads it whole). */
  placesAfter(db: DbOrTx, f: PlaceFilter, s: PlaceSort, cursor: SeekCursor | null, limit: number) {
    let q = filteredPlaces(db, f);
    if (cursor) q = q.where(afterCursor(PLACE_SORT_KEY[s.sort], 'places.id', s.order, cursor));
    return countedPlaces(q, s).limit(limit).execute();
  },

  async placeById(db: DbOrTx, id: number) {
    return placeById.executeTakeFirst(db, { id });
  },

  async lockersOfPlace(db: DbOrTx, placeId: number): Promise<LockerRow[]> {
    return lockersOfPlace.execute(db, { placeId });
  },

  async lockerById(db: DbOrTx, id: number): Promise<LockerRow | undefined> {
    return db.selectFrom('lockers').select(lockerColumns).where('id', '=', id).executeTakeFirst();
  },

  async insertPlace(
    db: DbOrTx,
    p: {
      name: string;
      type: string;
      systemType: string;
      address: string | null;
      exteriorDoor: boolean;
      now: string;
    },
  ) {
    const { id } = await db
      .insertInto('places')
      .values({
        name: p.name,
        type: p.type,
        system_type: p.systemType,
        address: p.address,
        exterior_door: p.exteriorDoor ? 1 : 0,
        created_at: p.now,
        updated_at: p.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async updatePlace(
    db: DbOrTx,
    id: number,
    p: { name: string; type: string; systemType: string; address: string | null; now: string },
  ) {
    await db
      .updateTable('places')
      .set({ name: p.name, type: p.type, system_type: p.systemType, address: p.address, updated_at: p.now })
      .where('id', '=', id)
      .execute();
  },

  async placeNameTaken(db: DbOrTx, name: string, exceptId: number | null) {
    let q = db.selectFrom('places').select('id').where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  },

  async insertLockers(
    db: DbOrTx,
    placeId: number,
    lockers: Array<{ doorNumber: number; size: string; accessibility: boolean }>,
    now: string,
  ) {
    if (lockers.length === 0) return;
    await db
      .insertInto('lockers')
      .values(
        lockers.map((l) => ({
          place_id: placeId,
          door_number: l.doorNumber,
          size: l.size,
          accessibility: l.accessibility ? 1 : 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  },

  async updateLocker(db: DbOrTx, id: number, l: { size: string; accessibility: boolean }, now: string) {
    await db
      .updateTable('lockers')
      .set({ size: l.size, accessibility: l.accessibility ? 1 : 0, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  async deleteLockers(db: DbOrTx, ids: number[]) {
    if (ids.length) await db.deleteFrom('lockers').where('id', 'in', ids).execute();
  },

  async setMode(db: DbOrTx, placeId: number, mode: string, now: string) {
    await db.updateTable('places').set({ mode, updated_at: now }).where('id', '=', placeId).execute();
  },

  async setEnabled(db: DbOrTx, lockerIds: number[], enabled: number, now: string) {
    if (lockerIds.length)
      await db
        .updateTable('lockers')
        .set({ enabled, updated_at: now })
        .where('id', 'in', lockerIds)
        .execute();
  },

  async lockersOfPlaceWithEnabled(db: DbOrTx, placeId: number, enabled: number) {
    const rows = await db
      .selectFrom('lockers')
      .select('id')
      .where('place_id', '=', placeId)
      .where('enabled', '=', enabled)
      .execute();
    return rows.map((r) => r.id);
  },

  async getSetting(db: DbOrTx, key: string) {
    return db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  },

  async putSetting(db: DbOrTx, key: string, value: string, now: string) {
    await db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  },
};
