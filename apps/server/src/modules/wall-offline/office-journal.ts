import { ASSET_LOG_ACTION, ASSET_STATUS, USER_STATUS, type DeviceJournalEntry } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { writeAssetLog } from '../assets/asset-log.js';
import { assetsRepository } from '../assets/assets.repository.js';
import type { LockerUpdates } from '../lockers/locker-updates.js';
import { accessRepository } from '../office/access.repository.js';
import type { WallResult } from '../orders/wall-journal.js';
import { wallCommandId } from './journal-applier.js';
import type { PlaceKeys } from './place-keys.js';
import {
  wallCredentialsRepository,
  wallSubjectsRepository as subjects,
} from './wall-credentials.repository.js';
import { wallOfflineRepository as repo } from './wall-offline.repository.js';

type AccessEntry = Extract<DeviceJournalEntry, { type: 'access' }>;

/** Why the server would not have let this person open anything at `at`, or null. */
function personRevoked(
  user: { enabled: number; status: string; valid_until: string | null } | undefined,
  at: number,
): string | null {
  if (!user) return 'userGone';
  if (user.enabled !== 1) return 'userDisabled';
  if (user.status !== USER_STATUS.ACTIVE) return 'userNotActive';
  if (user.valid_until && Date.parse(user.valid_until) <= at) return 'userExpired';
  return null;
}

/**
 * The card or PIN the wall matched (`matched`) is no longer the person's, and was changed before the
 * wall used it: a card replaced (lost, stolen) or a PIN changed while they were apart.
 */
async function replacedCredential(
  db: Db,
  keys: PlaceKeys,
  placeId: number,
  user: { id: number; card: string | null; updated_at: string },
  e: AccessEntry,
): Promise<string | null> {
  if (!e.matched || Date.parse(user.updated_at) > e.at) return null;
  const pins = await wallCredentialsRepository.secretHashes(db, placeId, 'pin');
  const current = [
    user.card ? keys.hash(placeId, 'card', user.card) : null,
    pins.get(`user:${user.id}`) ?? null,
  ];
  return current.some((h) => h?.startsWith(e.matched!))
    ? null
    : e.via === 'card'
      ? 'cardReplaced'
      : 'pinChanged';
}

/**
 * An office user's card or PIN at the wall, decided alone (issue #32): each door it drove is in
 * the office access log at the wall's time, granted, named after the user, with the journal entry
 * as its command (the door events carry the same and the user). A person the server no longer
 * lets in (disabled, removed, expired meanwhile) still opened the door: recorded, and a conflict.
 */
export async function applyOfficeAccess(
  db: Db,
  keys: PlaceKeys,
  placeId: number,
  e: AccessEntry,
): Promise<WallResult> {
  const userId = Number(e.credentialId.split(':')[1]);
  const user = await subjects.officeUser(db, userId);
  const at = new Date(e.at).toISOString();
  for (const d of e.doors) {
    const locker = await repo.lockerAtDoor(db, placeId, d.door);
    await accessRepository.record(db, {
      placeId,
      lockerId: locker?.id ?? null,
      doorNumber: d.door,
      user: user ? { id: user.id, name: user.name } : null,
      credential: e.via === 'card' ? 'card' : 'pin',
      granted: true,
      reason: null,
      outcome: d.outcome,
      commandId: wallCommandId(e.boot, e.seq),
      adminId: null,
      at,
    });
  }
  const revoked = personRevoked(user, e.at) ?? (await replacedCredential(db, keys, placeId, user!, e));
  if (!revoked) return { result: 'applied' };
  return {
    result: 'conflict',
    applied: true,
    detail: {
      reason: 'credentialRevoked',
      userId,
      user: revoked,
      enabled: user?.enabled ?? null,
      status: user?.status ?? null,
    },
  };
}

/**
 * An asset taken with a card at the wall alone (issue #32): the asset is open for retrieval by that
 * user at the wall's time; the door's close, from the same journal, completes the retrieval when the
 * reader no longer sees its tag (docs/devices.md). An asset the server holds otherwise (retrieved
 * or moved meanwhile) is a conflict with both sides.
 */
export async function applyAssetAccess(
  db: Db,
  lockerUpdates: Pick<LockerUpdates, 'changed'>,
  placeId: number,
  e: AccessEntry,
): Promise<WallResult> {
  const [, assetId, , userId] = e.credentialId.split(':').map(Number);
  const asset = await subjects.asset(db, assetId!);
  const door = e.doors[0]!;
  const user = await subjects.officeUser(db, userId!);
  const inLocker =
    asset &&
    asset.enabled === 1 &&
    asset.place_id === placeId &&
    asset.door_number === door.door &&
    (asset.status === ASSET_STATUS.STORED || asset.status === ASSET_STATUS.OPEN_FOR_RETRIEVAL);
  if (!asset || !inLocker) {
    return {
      result: 'conflict',
      detail: {
        reason: 'assetNotInLocker',
        assetId,
        status: asset?.status ?? null,
        placeId: asset?.place_id ?? null,
        door: asset?.door_number ?? null,
      },
    };
  }
  if (door.outcome === 'jammed') return { result: 'ignored', detail: { reason: 'jammed' } };
  const at = new Date(e.at).toISOString();
  const locker = { id: asset.locker_id!, doorNumber: door.door };
  const moved = await db.transaction().execute(async (tx) => {
    const won = await assetsRepository.updateAssetIf(
      tx,
      asset.id,
      { status: asset.status },
      { status: ASSET_STATUS.OPEN_FOR_RETRIEVAL, status_change_at: at, updated_at: at },
    );
    if (won)
      await writeAssetLog(tx, {
        asset,
        action: ASSET_LOG_ACTION.OPENED_FOR_RETRIEVAL_BY_USER,
        user: user ? { id: user.id, name: user.name } : null,
        locker,
        description: 'wall',
        at,
      });
    return won;
  });
  if (moved) await lockerUpdates.changed([locker.id]);
  const revoked = personRevoked(user, e.at);
  return revoked
    ? { result: 'conflict', applied: true, detail: { reason: 'credentialRevoked', userId, user: revoked } }
    : { result: 'applied' };
}
