import { ALERT_DOOR_STATUSES, DOOR_STATUS } from '@cacifo/contract';
import { availableSql, flag, inUseSql } from '../lockers/locker-availability.repository.js';
import type { DbOrTx } from '../../db/schema.js';
import { toNumber } from '../../db/helpers.js';
import { OFFICE_PLACE_TYPE } from './users.repository.js';

export const statsRepository = {
  openingsBy(db: DbOrTx, userId: number) {
    return db
      .selectFrom('door_events')
      .select(['id', 'locker_id', 'created_at'])
      .where('user_id', '=', userId)
      .where('door_status', '=', DOOR_STATUS.OPEN)
      .execute();
  },
  alertsFor(db: DbOrTx, userId: number, lockerIds: number[]) {
    return db
      .selectFrom('door_events')
      .select(['id', 'created_at'])
      .where('door_status', 'in', [...ALERT_DOOR_STATUSES])
      .where((eb) =>
        lockerIds.length > 0
          ? eb.or([eb('user_id', '=', userId), eb('locker_id', 'in', lockerIds)])
          : eb('user_id', '=', userId),
      )
      .execute();
  },
  recentEvents(db: DbOrTx, userId: number, limit: number) {
    return db
      .selectFrom('door_events as e')
      .leftJoin('places as p', 'p.id', 'e.place_id')
      .select([
        'e.id',
        'e.created_at',
        'p.name as placeName',
        'e.door_number',
        'e.door_status',
        'e.commanded',
      ])
      .where('e.user_id', '=', userId)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .execute();
  },
  async lockerEventsSince(db: DbOrTx, lockerIds: number[], since: string) {
    if (lockerIds.length === 0) return [];
    return db
      .selectFrom('door_events')
      .select(['id', 'locker_id', 'door_status', 'created_at'])
      .where('locker_id', 'in', lockerIds)
      .where('created_at', '>=', since)
      .orderBy('locker_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },
  async userCounts(db: DbOrTx) {
    const r = await db
      .selectFrom('locker_users')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum(eb.case().when('enabled', '=', 1).then(1).else(0).end()).as('enabled'),
        eb.fn.count('card').as('withCard'),
        eb.fn.count('pin_digest').as('withPin'),
      ])
      .executeTakeFirstOrThrow();
    return {
      total: toNumber(r.total as number),
      enabled: toNumber(r.enabled as number),
      withCard: toNumber(r.withCard as number),
      withPin: toNumber(r.withPin as number),
    };
  },
  /** Office lockers with how many users hold each (own assignments). */
  async officeLockers(db: DbOrTx) {
    const rows = await db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select((eb) => [
        'l.id',
        'l.door_status',
        'l.expiration_date_time',
        eb
          .selectFrom('user_lockers as ul')
          .select(eb.fn.countAll().as('n'))
          .whereRef('ul.locker_id', '=', 'l.id')
          .as('users'),
        flag(availableSql('l')).as('available'),
        flag(inUseSql('l')).as('in_use'),
      ])
      .where('p.type', '=', OFFICE_PLACE_TYPE)
      .execute();
    return rows.map((r) => ({
      ...r,
      users: toNumber(r.users as number),
      available: Number(r.available) === 1,
      inUse: Number(r.in_use) === 1,
    }));
  },
  async officeOpeningsSince(db: DbOrTx, since: string): Promise<string[]> {
    const rows = await db
      .selectFrom('door_events as e')
      .innerJoin('places as p', 'p.id', 'e.place_id')
      .select('e.created_at')
      .where('p.type', '=', OFFICE_PLACE_TYPE)
      .where('e.door_status', '=', DOOR_STATUS.OPEN)
      .where('e.created_at', '>=', since)
      .execute();
    return rows.map((r) => r.created_at);
  },
  async deniedSince(db: DbOrTx, since: string): Promise<string[]> {
    const rows = await db
      .selectFrom('office_access_log')
      .select('created_at')
      .where('granted', '=', 0)
      .where('created_at', '>=', since)
      .execute();
    return rows.map((r) => r.created_at);
  },
  async topUsers(db: DbOrTx, since: string, limit: number) {
    const rows = await db
      .selectFrom('door_events as e')
      .innerJoin('locker_users as u', 'u.id', 'e.user_id')
      .select((eb) => ['u.id', 'u.name', eb.fn.countAll().as('openings')])
      .where('e.door_status', '=', DOOR_STATUS.OPEN)
      .where('e.created_at', '>=', since)
      .groupBy(['u.id', 'u.name'])
      .orderBy('openings', 'desc')
      .orderBy('u.name')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, openings: toNumber(r.openings as number) }));
  },
};
