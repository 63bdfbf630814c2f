import type { DbOrTx } from '../../db/schema.js';
import type { LockerScope } from '../lockers/locker-info.js';

/** The asset each of some lockers holds (or keeps, for a fixed asset that is out), for locker views. */
export const assetLockerInfoRepository = {
  assetsIn(db: DbOrTx, scope: LockerScope) {
    let q = db
      .selectFrom('asset_lockers as al')
      .innerJoin('assets as a', 'a.id', 'al.asset_id')
      .select(['al.locker_id as lockerId', 'a.id', 'a.name', 'a.status']);
    q =
      'placeId' in scope
        ? q.innerJoin('lockers as l', 'l.id', 'al.locker_id').where('l.place_id', '=', scope.placeId)
        : q.where('al.locker_id', 'in', scope.lockerIds.length ? [...scope.lockerIds] : [-1]);
    return q.orderBy('a.id').execute();
  },
};
