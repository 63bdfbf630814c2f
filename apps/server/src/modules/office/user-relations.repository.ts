import type { ExpressionBuilder } from 'kysely';
import type { LockerUser } from '@cacifo/contract';
import type { Database, DbOrTx } from '../../db/schema.js';
import type { LockerUsersTable } from '../../db/tables/office.js';
import { jsonArray, jsonRows } from '../../db/helpers.js';

type UserScope = ExpressionBuilder<Database & { u: LockerUsersTable }, 'u'>;

/**
 * A locker as the office screens list it (a user's or a group's lockers), read from `lockers as l`
 * joined with `places as p`.
 */
export const LOCKER_REF_COLUMNS = [
  'l.id',
  'l.door_number as doorNumber',
  'l.size',
  'l.place_id as placeId',
  'p.name as placeName',
  'l.expiration_date_time as expiresAt',
] as const;

/**
 * A user's lockers, groups, schedules and assets as four JSON array columns of the user's own
 * row: a user or a page of users is one query, where one query per list cost four more round
 * trips (on PostgreSQL) and four more interleavings of concurrent requests (docs/performance.md).
 */
export function userRelations(db: DbOrTx) {
  return (eb: UserScope) => [
    jsonArray(
      db,
      eb
        .selectFrom('user_lockers as ul')
        .innerJoin('lockers as l', 'l.id', 'ul.locker_id')
        .innerJoin('places as p', 'p.id', 'l.place_id')
        .select(LOCKER_REF_COLUMNS)
        .whereRef('ul.user_id', '=', 'u.id')
        .orderBy('p.name')
        .orderBy('l.door_number'),
    ).as('lockers_json'),
    jsonArray(
      db,
      eb
        .selectFrom('user_group_members as m')
        .innerJoin('user_groups as g', 'g.id', 'm.group_id')
        .select(['g.id', 'g.name'])
        .whereRef('m.user_id', '=', 'u.id')
        .orderBy('g.name'),
    ).as('groups_json'),
    jsonArray(
      db,
      eb
        .selectFrom('user_schedules as us')
        .innerJoin('schedules as s', 's.id', 'us.schedule_id')
        .select(['s.id', 's.name'])
        .whereRef('us.user_id', '=', 'u.id')
        .orderBy('s.name'),
    ).as('schedules_json'),
    // Assets the user may retrieve (the assets area's links).
    jsonArray(
      db,
      eb
        .selectFrom('asset_users as au')
        .innerJoin('assets as a', 'a.id', 'au.asset_id')
        .select(['a.id', 'a.name'])
        .whereRef('au.user_id', '=', 'u.id')
        .orderBy('a.name'),
    ).as('assets_json'),
  ];
}

type Json<T> = T[] | string;
/** The relation columns as read: parsed by the PostgreSQL driver, JSON text from SQLite. */
export interface UserRelationColumns {
  lockers_json: Json<LockerUser['lockers'][number]>;
  groups_json: Json<LockerUser['groups'][number]>;
  schedules_json: Json<LockerUser['schedules'][number]>;
  assets_json: Json<LockerUser['assets'][number]>;
}

/** The four relation columns of a row, parsed. */
export function readRelations(row: UserRelationColumns) {
  return {
    lockers: jsonRows(row.lockers_json),
    groups: jsonRows(row.groups_json),
    schedules: jsonRows(row.schedules_json),
    assets: jsonRows(row.assets_json),
  };
}
