import type { ExpressionBuilder } from 'kysely';
import { LOCKER_HOLDING_STATES } from '@cacifo/contract';
import type { Database, DbOrTx } from '../../db/schema.js';
import { lockerColumns } from '../locations/locations.repository.js';

export const ALERT_STATUSES = [1, 3, 11];

const withPlace = (db: DbOrTx) =>
  db
    .selectFrom('lockers')
    .innerJoin('places', 'places.id', 'lockers.place_id')
    .select([...lockerColumns, 'places.name as place_name', 'places.type as place_type']);

/** The locker holds a parcel of this company (a delivery locker whose order is the company's). */
function holdsParcelOf(eb: ExpressionBuilder<Database, 'lockers'>, company: string) {
  return eb.exists(
    eb
      .selectFrom('orders as o')
      .select('o.id')
      .whereRef('o.locker_id', '=', 'lockers.id')
      .where('o.company', '=', company)
      .where('o.state', 'in', [...LOCKER_HOLDING_STATES]),
  );
}

export const alertsRepository = {
  /**
   * The acknowledgements of these lockers' alerts under way: an acknowledgement belongs to the alert
   * that began when it was given, so a later alert of the same locker starts unacknowledged.
   */
  acknowledgements(db: DbOrTx, lockerIds: number[]) {
    if (lockerIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('alert_acknowledgements as a')
      .innerJoin('lockers as l', 'l.id', 'a.locker_id')
      .select(['a.locker_id', 'a.admin_name', 'a.note', 'a.acknowledged_at'])
      .where('a.locker_id', 'in', lockerIds)
      .whereRef('a.alert_since', '=', 'l.door_status_updated_at')
      .whereRef('a.door_status', '=', 'l.door_status')
      .execute();
  },

  async acknowledge(
    db: DbOrTx,
    row: {
      locker_id: number;
      alert_since: string;
      door_status: number;
      admin_id: number;
      admin_name: string;
      note: string | null;
      acknowledged_at: string;
    },
  ) {
    const { locker_id: _key, ...rest } = row;
    await db
      .insertInto('alert_acknowledgements')
      .values(row)
      .onConflict((oc) => oc.column('locker_id').doUpdateSet(rest))
      .execute();
  },

  lockerWithPlace(db: DbOrTx, lockerId: number) {
    return withPlace(db).where('lockers.id', '=', lockerId).executeTakeFirst();
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
  /** `company` (a store): only the delivery lockers holding that company's parcel (issue #20). */
  async expired(db: DbOrTx, now: string, company?: string) {
    return withPlace(db)
      .where('lockers.expiration_date_time', 'is not', null)
      .where('lockers.expiration_date_time', '<', now)
      .$if(company !== undefined, (q) => q.where((eb) => holdsParcelOf(eb, company!)))
      .orderBy('places.name')
      .orderBy('lockers.door_number')
      .execute();
  },

  async expiredCounts(db: DbOrTx, now: string, company?: string) {
    const rows = await db
      .selectFrom('lockers')
      .innerJoin('places', 'places.id', 'lockers.place_id')
      .select((eb) => ['places.type', eb.fn.countAll<number>().as('n')])
      .where('lockers.expiration_date_time', 'is not', null)
      .where('lockers.expiration_date_time', '<', now)
      .$if(company !== undefined, (q) => q.where((eb) => holdsParcelOf(eb, company!)))
      .groupBy('places.type')
      .execute();
    return new Map(rows.map((r) => [r.type, Number(r.n)]));
  },
};
