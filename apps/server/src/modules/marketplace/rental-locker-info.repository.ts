import { RENTAL_HOLDING_STATUSES } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import type { LockerScope } from '../lockers/locker-info.js';

/** The rentals holding some lockers (pending payment or running), for locker views. */
export const rentalLockerInfoRepository = {
  holdingRentals(db: DbOrTx, scope: LockerScope) {
    let q = db
      .selectFrom('rentals as r')
      .select(['r.locker_id as lockerId', 'r.id', 'r.status', 'r.ends_at'])
      .where('r.status', 'in', [...RENTAL_HOLDING_STATUSES]);
    q =
      'placeId' in scope
        ? q.where('r.place_id', '=', scope.placeId)
        : q.where('r.locker_id', 'in', scope.lockerIds.length ? [...scope.lockerIds] : [-1]);
    return q.orderBy('r.id').execute();
  },
};
