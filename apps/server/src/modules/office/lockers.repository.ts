import { sql } from 'kysely';
import type { SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { containsPattern, likeEscaped, nowIso } from '../../db/helpers.js';
import { sortTerms, type SortKey } from '../../db/keyset.js';
import { precompiled, type Param } from '../../db/precompiled.js';
import { availableSql, flag } from '../lockers/locker-availability.repository.js';
import { OFFICE_PLACE_TYPE } from './users.repository.js';

const usersOfPlace = precompiled((db, param: Param<{ placeId: number }>) =>
  db
    .selectFrom('lockers as l')
    .innerJoin('user_lockers as ul', 'ul.locker_id', 'l.id')
    .innerJoin('locker_users as u', 'u.id', 'ul.user_id')
    .select(['ul.locker_id as lockerId', 'u.id', 'u.name'])
    .where('l.place_id', '=', param('placeId'))
    .orderBy('u.name'),
);

const groupsOfPlace = precompiled((db, param: Param<{ placeId: number }>) =>
  db
    .selectFrom('lockers as l')
    .innerJoin('user_group_lockers as gl', 'gl.locker_id', 'l.id')
    .innerJoin('user_groups as g', 'g.id', 'gl.group_id')
    .select(['gl.locker_id as lockerId', 'g.id', 'g.name'])
    .where('l.place_id', '=', param('placeId'))
    .orderBy('g.name'),
);

/** The expired list's sort (issue #22): a whitelisted column, then the locker id. */
export type OfficeLockerSort = 'expiredAt' | 'place' | 'door';
const SORT_KEY: Record<OfficeLockerSort, SortKey> = {
  expiredAt: { ref: 'l.expiration_date_time', nullable: true },
  place: { ref: 'p.name' },
  door: { ref: 'l.door_number' },
};

export interface OfficeLockerFilter {
  placeId?: number | undefined;
  lockerId?: number | undefined;
  expiredAt?: string | undefined;
  /** A user's name of the locker, in any case. */
  search?: string | undefined;
  sort?: OfficeLockerSort | undefined;
  order?: SortOrder | undefined;
}

export const officeLockersRepository = {
  list(db: DbOrTx, f: OfficeLockerFilter) {
    let q = db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .where('p.type', '=', OFFICE_PLACE_TYPE);
    if (f.placeId) q = q.where('l.place_id', '=', f.placeId);
    if (f.lockerId) q = q.where('l.id', '=', f.lockerId);
    if (f.expiredAt) {
      q = q
        .where('l.expiration_date_time', 'is not', null)
        .where('l.expiration_date_time', '<=', f.expiredAt)
        .where('l.id', 'in', (eb) => eb.selectFrom('user_lockers').select('locker_id'));
    }
    if (f.search) {
      const like = containsPattern(f.search.toLowerCase());
      q = q.where('l.id', 'in', (eb) =>
        eb
          .selectFrom('user_lockers as su')
          .innerJoin('locker_users as sl', 'sl.id', 'su.user_id')
          .select('su.locker_id')
          .where(likeEscaped(sql`lower(sl.name)`, like)),
      );
    }
    const sorted = f.sort
      ? sortTerms(SORT_KEY[f.sort], 'l.id', f.order ?? 'asc')
      : ([sql`p.name`, sql`l.door_number`] as const);
    return q
      .select(flag(availableSql('l')).as('available'))
      .select([
        'l.id',
        'l.place_id',
        'p.name as placeName',
        'l.door_number',
        'l.size',
        'l.status',
        'l.door_status',
        'l.enabled',
        'l.accessibility',
        'l.expiration_date_time',
      ])
      .orderBy(sorted[0])
      .orderBy(sorted[1])
      .execute();
  },
  async usersOf(db: DbOrTx, lockerIds: number[]) {
    if (lockerIds.length === 0) return [];
    return db
      .selectFrom('user_lockers as ul')
      .innerJoin('locker_users as u', 'u.id', 'ul.user_id')
      .select(['ul.locker_id as lockerId', 'u.id', 'u.name'])
      .where('ul.locker_id', 'in', lockerIds)
      .orderBy('u.name')
      .execute();
  },
  /** The groups sharing some lockers. */
  async groupsOf(db: DbOrTx, lockerIds: number[]) {
    if (lockerIds.length === 0) return [];
    return db
      .selectFrom('user_group_lockers as gl')
      .innerJoin('user_groups as g', 'g.id', 'gl.group_id')
      .select(['gl.locker_id as lockerId', 'g.id', 'g.name'])
      .where('gl.locker_id', 'in', lockerIds)
      .orderBy('g.name')
      .execute();
  },
  groupsOfPlace(db: DbOrTx, placeId: number) {
    return groupsOfPlace.execute(db, { placeId });
  },
  /** The users of every locker of a place (the location grid): joined on the place, built once. */
  usersOfPlace(db: DbOrTx, placeId: number) {
    return usersOfPlace.execute(db, { placeId });
  },
  async setExpiry(db: DbOrTx, lockerId: number, at: string | null) {
    await db
      .updateTable('lockers')
      .set({ expiration_date_time: at, updated_at: nowIso() })
      .where('id', '=', lockerId)
      .execute();
  },
  async release(db: DbOrTx, lockerId: number) {
    await db.deleteFrom('user_lockers').where('locker_id', '=', lockerId).execute();
  },
};
