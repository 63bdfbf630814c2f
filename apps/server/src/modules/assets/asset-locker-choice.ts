import { LOCKER_STATUS } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { lockerAvailabilityRepository } from '../lockers/locker-availability.repository.js';
import { assertPlaceInService, claimLockers } from '../lockers/locker-claims.js';
import { assetsRepository } from './assets.repository.js';

const SIZE_ORDER = ['XS', 'S', 'M', 'L'];

/**
 * The locker an asset goes into: the one it keeps (a fixed asset), the one asked for, or the
 * smallest available one it fits in. A locker not yet the asset's is claimed under the one
 * availability rule (docs/adr/0070) and linked in the same transaction, before its door opens.
 */
export async function takeLocker(
  db: Db,
  asset: { id: number; is_random_locker: number },
  size: string | null,
  lockerId: number | undefined,
  placeId: number | undefined,
): Promise<{ id: number; placeId: number; doorNumber: number; claimed: boolean }> {
  const linked = await assetsRepository.lockersOf(db, [asset.id]);
  const own = linked.find((l) =>
    lockerId !== undefined ? l.id === lockerId : placeId === undefined || l.place_id === placeId,
  );
  if (own) {
    await assertPlaceInService(db, own.place_id);
    return { id: own.id, placeId: own.place_id, doorNumber: own.door_number, claimed: false };
  }
  let candidates: Array<{ id: number; place_id: number; door_number: number }>;
  if (lockerId !== undefined) {
    const locker = await assetsRepository.lockerById(db, lockerId);
    if (!locker) throw new AppError('notFound');
    candidates = [locker];
  } else {
    if (asset.is_random_locker !== 1) throw new AppError('No locker avaliable');
    if (placeId !== undefined) await assertPlaceInService(db, placeId);
    const free = await lockerAvailabilityRepository.free(db, { placeId });
    // The smallest locker the asset fits in; without a known size, the first free one.
    const need = size ? SIZE_ORDER.indexOf(size) : -1;
    candidates = free
      .filter((l) => SIZE_ORDER.indexOf(l.size) >= need)
      .sort((a, b) => SIZE_ORDER.indexOf(a.size) - SIZE_ORDER.indexOf(b.size));
    if (candidates.length === 0) throw new AppError('No locker avaliable');
  }
  for (const [i, c] of candidates.slice(0, 10).entries()) {
    const now = nowIso();
    try {
      await db.transaction().execute(async (tx) => {
        await claimLockers(tx, [c.id], now, LOCKER_STATUS.RESERVED);
        await assetsRepository.linkLocker(tx, asset.id, c.id, now);
      });
      return { id: c.id, placeId: c.place_id, doorNumber: c.door_number, claimed: true };
    } catch (err) {
      // A free locker taken meanwhile: the next candidate. An asked-for locker says why it is not.
      const last = lockerId !== undefined || i === candidates.length - 1;
      if (!(err instanceof AppError) || err.code !== 'lockerNotAvailable' || last) throw err;
    }
  }
  throw new AppError('No locker avaliable');
}

/** Gives back a locker claimed for an opening that did not happen. */
export async function releaseClaim(db: Db, assetId: number, lockerId: number) {
  await db.transaction().execute(async (tx) => {
    await assetsRepository.unlinkLockers(tx, assetId);
    await assetsRepository.setLockerStatus(tx, lockerId, LOCKER_STATUS.AVAILABLE, nowIso());
  });
}
