import { LOCATION_MODE } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { lockerAvailabilityRepository as repo } from './locker-availability.repository.js';

/**
 * A location in maintenance or emergency starts no new use (issue #27): no kiosk opening, no locker
 * given to a user, a parcel, an asset or a rental. Ending a use (a recipient's pickup, an admin's
 * remote opening) stays possible. Cleaning only takes free lockers out of the pool (enabled 3).
 */
function refuseUnlessInService(mode: string | undefined): void {
  if (mode === LOCATION_MODE.MAINTENANCE) throw new AppError('placeInMaintenance', { mode });
  if (mode === LOCATION_MODE.EMERGENCY) throw new AppError('placeInEmergency', { mode });
}

/** Refuses a new use at `placeId` while the location is in maintenance or emergency. */
export async function assertPlaceInService(db: DbOrTx, placeId: number): Promise<void> {
  refuseUnlessInService(await repo.placeMode(db, placeId));
}

/**
 * Claims lockers for a new holder inside `tx` (the caller then writes its holder rows in the same
 * transaction), or refuses: a location not in service (placeInMaintenance / placeInEmergency), or a
 * locker that is not available (409 lockerNotAvailable naming each door and what holds it).
 */
export async function claimLockers(
  tx: DbOrTx,
  lockerIds: readonly number[],
  now: string,
  status?: number,
): Promise<void> {
  const lockers = await repo.lockersWithPlace(tx, lockerIds);
  for (const l of lockers) refuseUnlessInService(l.mode);
  const refused: typeof lockers = [];
  for (const l of lockers) if (!(await repo.claim(tx, l.id, now, status))) refused.push(l);
  if (refused.length === 0) return;
  const holders = await repo.holdersOf(
    tx,
    refused.map((l) => l.id),
  );
  throw new AppError('lockerNotAvailable', {
    doors: refused.map((l) => l.door_number),
    lockers: refused.map((l) => ({
      lockerId: l.id,
      doorNumber: l.door_number,
      placeName: l.place_name,
      holders: holders.get(l.id) ?? [],
    })),
  });
}
