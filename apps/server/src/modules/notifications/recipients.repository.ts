import type { OrderState } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

/** What messages read besides the order: the sender's addresses, the place, parcels sharing a code. */
export const recipientsRepository = {
  account(db: DbOrTx, id: number) {
    return db.selectFrom('admins').select(['email', 'phone']).where('id', '=', id).executeTakeFirst();
  },
  place(db: DbOrTx, id: number) {
    return db
      .selectFrom('places')
      .select(['id', 'name', 'address', 'system_type'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  /** The expiry a locker tile shows, while the locker holds the parcel (`status`). */
  async setLockerExpiry(db: DbOrTx, lockerId: number, status: number, expiresAt: string) {
    await db
      .updateTable('lockers')
      .set({ expiration_date_time: expiresAt })
      .where('id', '=', lockerId)
      .where('status', '=', status)
      .execute();
  },
  /** The parcels waiting at a place under one pickup code (one recipient's), oldest first. */
  sharingCode(db: DbOrTx, placeId: number, pinHash: string, states: readonly OrderState[]) {
    return db
      .selectFrom('orders as o')
      .innerJoin('lockers as l', 'l.id', 'o.locker_id')
      .select(['o.id', 'o.package_id', 'l.door_number'])
      .where('l.place_id', '=', placeId)
      .where('o.pickup_pin_hash', '=', pinHash)
      .where('o.state', 'in', [...states])
      .orderBy('o.id')
      .execute();
  },
};
