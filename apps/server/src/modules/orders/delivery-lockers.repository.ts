import { LOCKER_STATUS } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { lockerAvailabilityRepository } from '../lockers/locker-availability.repository.js';

/** Delivery places and their lockers, as the orders area reads and reserves them. */
export const deliveryLockersRepository = {
  /** Do the place's lockers stand behind an exterior door (deposits and pickups open it first)? */
  async placeHasExteriorDoor(db: DbOrTx, placeId: number): Promise<boolean> {
    const row = await db
      .selectFrom('places')
      .select('exterior_door')
      .where('id', '=', placeId)
      .executeTakeFirst();
    return row?.exterior_door === 1;
  },
  async place(db: DbOrTx, id: number) {
    return db.selectFrom('places').select(['id', 'name', 'type']).where('id', '=', id).executeTakeFirst();
  },
  async deliveryPlaces(db: DbOrTx, placeId?: number) {
    let q = db.selectFrom('places').select(['id', 'name']).where('type', '=', 'DELIVERY');
    if (placeId) q = q.where('id', '=', placeId);
    return q.orderBy('name').execute();
  },
  /** Available lockers counted by place and size (the one rule, docs/adr/0070). */
  availableCounts(db: DbOrTx, placeIds: number[]) {
    return lockerAvailabilityRepository.countsBySize(db, placeIds);
  },
  async freeLockerIds(db: DbOrTx, placeId: number, size: string, limit: number): Promise<number[]> {
    const rows = await lockerAvailabilityRepository.free(db, { placeId, size, limit });
    return rows.map((r) => r.id);
  },
  /** Takes an available locker for a parcel (status 1, reserved); false when someone else won it. */
  claim(db: DbOrTx, lockerId: number, now: string): Promise<boolean> {
    return lockerAvailabilityRepository.claim(db, lockerId, now, LOCKER_STATUS.RESERVED);
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
