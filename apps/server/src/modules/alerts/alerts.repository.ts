import type { DbOrTx } from '../../db/schema.js';
import { lockerColumns } from '../locations/locations.repository.js';

const ALERT_STATUSES = [1, 3, 11];

const withPlace = (db: DbOrTx) =>
  db
    .selectFrom('lockers')
    .innerJoin('places', 'places.id', 'lockers.place_id')
    .select([...lockerColumns, 'places.name as place_name', 'places.type as place_type']);

export const alertsRepository = {
  async alertLockers(db: DbOrTx, limit: number, offset: number) {
    const rows = await withPlace(db)
      .where('lockers.door_status', 'in', ALERT_STATUSES)
      .orderBy('lockers.door_status_updated_at', 'desc')
      .orderBy('lockers.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await db
      .selectFrom('lockers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('door_status', 'in', ALERT_STATUSES)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(total.n) };
  },

  async notClosed(db: DbOrTx) {
    return withPlace(db)
      .where('lockers.door_status', 'in', [0, ...ALERT_STATUSES])
      .orderBy('places.name')
      .orderBy('lockers.door_number')
      .execute();
  },

  async doorCounts(db: DbOrTx) {
    const rows = await db
      .selectFrom('lockers')
      .select((eb) => ['door_status', eb.fn.countAll<number>().as('n')])
      .where('door_status', 'in', [0, ...ALERT_STATUSES])
      .groupBy('door_status')
      .execute();
    return new Map(rows.map((r) => [r.door_status, Number(r.n)]));
  },

  /** Lockers whose holder's time ran out (areas set expiration_date_time when they give a locker). */
  async expired(db: DbOrTx, now: string) {
    return withPlace(db)
      .where('lockers.expiration_date_time', 'is not', null)
      .where('lockers.expiration_date_time', '<', now)
      .orderBy('places.name')
      .orderBy('lockers.door_number')
      .execute();
  },

  async expiredCounts(db: DbOrTx, now: string) {
    const rows = await db
      .selectFrom('lockers')
      .innerJoin('places', 'places.id', 'lockers.place_id')
      .select((eb) => ['places.type', eb.fn.countAll<number>().as('n')])
      .where('lockers.expiration_date_time', 'is not', null)
      .where('lockers.expiration_date_time', '<', now)
      .groupBy('places.type')
      .execute();
    return new Map(rows.map((r) => [r.type, Number(r.n)]));
  },
};
