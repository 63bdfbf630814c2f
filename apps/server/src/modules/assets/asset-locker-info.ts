import type { AssetStatus } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { LockerInfo, LockerScope } from '../lockers/locker-info.js';
import { assetLockerInfoRepository } from './asset-locker-info.repository.js';

/** The lockerInfo provider of the assets area: the asset a locker holds, for every locker view. */
export async function assetLockerInfo(db: Db, scope: LockerScope): Promise<Map<number, LockerInfo>> {
  const rows = await assetLockerInfoRepository.assetsIn(db, scope);
  return new Map(
    rows.map((r) => [r.lockerId, { asset: { id: r.id, name: r.name, status: r.status as AssetStatus } }]),
  );
}
