import type { RENTAL_HOLDING_STATUSES } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';

type HoldingRentalStatus = (typeof RENTAL_HOLDING_STATUSES)[number];
import type { LockerInfo, LockerScope } from '../lockers/locker-info.js';
import { rentalLockerInfoRepository } from './rental-locker-info.repository.js';

/** The lockerInfo provider of the marketplace: the rental holding a locker, for every locker view. */
export async function rentalLockerInfo(db: Db, scope: LockerScope): Promise<Map<number, LockerInfo>> {
  const rows = await rentalLockerInfoRepository.holdingRentals(db, scope);
  return new Map(
    rows.map((r) => [
      r.lockerId,
      { rental: { id: r.id, status: r.status as HoldingRentalStatus, endsAt: r.ends_at } },
    ]),
  );
}
