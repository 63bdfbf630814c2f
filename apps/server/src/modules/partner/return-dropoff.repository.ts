import { DELIVERY_TYPE, ORDER_STATE } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

/** Returns to drop off (docs/adr/0180): the one lookup by a return code's hash. */
export const returnDropoffRepository = {
  /** The returns waiting for their drop-off that answer to a code's hash (one, unless a hash clashed). */
  async waitingByHash(db: DbOrTx, hash: string) {
    return db
      .selectFrom('orders')
      .select(['id', 'package_id', 'parcel_size', 'target_place_id', 'state', 'company'])
      .where('dropoff_code_hash', '=', hash)
      .where('delivery_type', '=', DELIVERY_TYPE.RETURN_BOX)
      .where('state', 'in', [ORDER_STATE.CREATED, ORDER_STATE.LOCKER_ASSIGNED])
      .execute();
  },

  async setCodeHash(db: DbOrTx, orderId: number, hash: string) {
    await db.updateTable('orders').set({ dropoff_code_hash: hash }).where('id', '=', orderId).execute();
  },
};
