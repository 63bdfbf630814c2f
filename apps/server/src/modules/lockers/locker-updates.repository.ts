import type { DbOrTx } from '../../db/schema.js';
import type { LockerScope } from './locker-info.js';

/** What a LockerUpdate carries of each locker, read in one query for every locker that changed. */
export const lockerUpdatesRepository = {
  async lockerStates(db: DbOrTx, scope: LockerScope) {
    let q = db
      .selectFrom('lockers')
      .select(['id', 'place_id', 'door_number', 'status', 'door_status', 'enabled']);
    q = 'placeId' in scope ? q.where('place_id', '=', scope.placeId) : q.where('id', 'in', scope.lockerIds);
    return q.orderBy('id').execute();
  },
};
