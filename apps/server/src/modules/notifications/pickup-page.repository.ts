import type { OrderState } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

/** What the public pickup page shows of the parcels answering to one QR payload (by its hash). */
export const pickupPageRepository = {
  parcelsByQr(db: DbOrTx, qrHash: string, states: readonly OrderState[]) {
    return db
      .selectFrom('orders as o')
      .innerJoin('lockers as l', 'l.id', 'o.locker_id')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select([
        'o.package_id',
        'o.recipient_language',
        'o.expires_at',
        'p.id as place_id',
        'p.name as place_name',
        'p.address',
      ])
      .where('o.pickup_qr_hash', '=', qrHash)
      .where('o.state', 'in', [...states])
      .orderBy('o.id')
      .execute();
  },
};
