import { DOOR_STATUS, LOCKER_ENABLED, LOCKER_STATUS } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

/** Delivery places and their lockers, as the orders area reads and reserves them. */
export const deliveryLockersRepository = {
  async place(db: DbOrTx, id: number) {
    return db.selectFrom('places').select(['id', 'name', 'type']).where('id', '=', id).executeTakeFirst();
  },
  async deliveryPlaces(db: DbOrTx, placeId?: number) {
    let q = db.selectFrom('places').select(['id', 'name']).where('type', '=', 'DELIVERY');
    if (placeId) q = q.where('id', '=', placeId);
    return q.orderBy('name').execute();
  },
  /** Free lockers counted by place and size (SPEC §4 availability rule, minus locker users). */
  async availableCounts(db: DbOrTx, placeIds: number[]) {
    if (placeIds.length === 0) return [];
    return db
      .selectFrom('lockers')
      .select(['place_id', 'size', (eb) => eb.fn.countAll().as('n')])
      .where('place_id', 'in', placeIds)
      .where('status', '=', LOCKER_STATUS.AVAILABLE)
      .where('enabled', '=', LOCKER_ENABLED.ENABLED)
      .where('door_status', '=', DOOR_STATUS.CLOSED)
      .groupBy(['place_id', 'size'])
      .execute();
  },
  async freeLockerIds(db: DbOrTx, placeId: number, size: string, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('lockers')
      .select('id')
      .where('place_id', '=', placeId)
      .where('size', '=', size)
      .where('status', '=', LOCKER_STATUS.AVAILABLE)
      .where('enabled', '=', LOCKER_ENABLED.ENABLED)
      .where('door_status', '=', DOOR_STATUS.CLOSED)
      .orderBy('door_number')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
  /** Compare-and-set on the locker status: exactly one of many concurrent claimers wins it. */
  async claim(db: DbOrTx, lockerId: number, now: string): Promise<boolean> {
    const r = await db
      .updateTable('lockers')
      .set({ status: LOCKER_STATUS.RESERVED, updated_at: now })
      .where('id', '=', lockerId)
      .where('status', '=', LOCKER_STATUS.AVAILABLE)
      .where('enabled', '=', LOCKER_ENABLED.ENABLED)
      .where('door_status', '=', DOOR_STATUS.CLOSED)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /**
   * Sets a locker's status. `expiresAt` is when a stored package counts as left too long (the alerts
   * area lists lockers past it); a freed locker never expires.
   */
  async setStatus(db: DbOrTx, lockerId: number, status: number, now: string, expiresAt?: string) {
    await db
      .updateTable('lockers')
      .set({
        status,
        updated_at: now,
        ...(status === LOCKER_STATUS.AVAILABLE ? { expiration_date_time: null } : {}),
        ...(expiresAt ? { expiration_date_time: expiresAt } : {}),
      })
      .where('id', '=', lockerId)
      .execute();
  },
  async locker(db: DbOrTx, id: number) {
    return db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select([
        'l.id',
        'l.place_id',
        'l.door_number',
        'l.size',
        'l.status',
        'l.door_status',
        'l.enabled',
        'p.type',
        'p.name',
      ])
      .where('l.id', '=', id)
      .executeTakeFirst();
  },
  /** Every locker of the delivery places (or of one), by place name and door. */
  async lockers(db: DbOrTx, placeId?: number) {
    let q = db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select([
        'l.id',
        'l.place_id',
        'p.name as place_name',
        'l.door_number',
        'l.size',
        'l.status',
        'l.door_status',
        'l.enabled',
        'l.accessibility',
      ])
      .where('p.type', '=', 'DELIVERY');
    if (placeId) q = q.where('l.place_id', '=', placeId);
    return q.orderBy('p.name').orderBy('l.door_number').execute();
  },
  async setEnabled(db: DbOrTx, ids: number[], enabled: number, now: string) {
    await db.updateTable('lockers').set({ enabled, updated_at: now }).where('id', 'in', ids).execute();
  },
};
