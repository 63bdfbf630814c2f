import {
  ADMIN_LOG_ACTION,
  ASSET_LOG_ACTION,
  ASSET_STATUS,
  DOOR_STATUS,
  LOCKER_STATUS,
  TAG_STATUS,
  type AssetDoorOpenReply,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { BusEvents } from '../../lib/event-bus.js';
import type { Account } from '../../lib/account.js';
import { doorNotOpened, type DoorOpenRequest, type DoorOpenResult } from '../lockers/doors.service.js';
import type { LockerUpdates } from '../lockers/locker-updates.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { releaseClaim, takeLocker } from './asset-locker-choice.js';
import { writeAssetLog } from './asset-log.js';
import { assetLogsRepository } from './asset-logs.repository.js';
import { assetsRepository } from './assets.repository.js';
import type { AssetsService } from './assets.service.js';

export interface DoorOpener {
  open(lockerId: number, req: DoorOpenRequest): Promise<DoorOpenResult>;
}

/** The tags a place's reader reports for a door now (the device layer's view); null if unknown. */
export type ReaderTags = (placeId: number, doorNumber: number) => Promise<readonly string[] | null>;

/**
 * Assets moving in and out of lockers. Admins open a door for storage (log 11) or retrieval
 * (log 10); the door closing afterwards finishes the move (4 stored, 6 retrieved); the locker's RFID
 * reader reports the tag (8 detected, 9 missing). A retrieval completes only if the reader no longer
 * sees the asset's tag when the door closes; otherwise it was not taken (15) and stays stored
 * (issue #32). Door and tag events arrive from the device layer after they are persisted.
 */
export class AssetStorageService {
  constructor(
    private readonly db: Db,
    private readonly assets: AssetsService,
    private readonly doors: DoorOpener,
    private readonly lockerUpdates: Pick<LockerUpdates, 'changed'>,
    private readonly readerTags: ReaderTags = async () => null,
  ) {}

  private async open(locker: { id: number }, account: Account, reason: string): Promise<DoorOpenResult> {
    const result = await this.doors.open(locker.id, { actor: account, reason });
    if (!result.ok) throw doorNotOpened(result);
    return result;
  }

  /** Admin opens a locker for the asset to be put in (log 11); closing the door stores it. */
  async openForStorage(
    account: Account,
    q: { assetId: number; lockerId?: number | undefined; placeId?: number | undefined },
  ): Promise<AssetDoorOpenReply> {
    const row = await this.assets.mustGet(this.db, q.assetId);
    if (row.enabled !== 1) throw new AppError('assetDisabled');
    if (row.status === ASSET_STATUS.STORED || row.status === ASSET_STATUS.OPEN_FOR_RETRIEVAL)
      throw new AppError('assetInLocker');
    const current = await this.assets.get(q.assetId);
    const locker = await takeLocker(this.db, row, current.size, q.lockerId, q.placeId);
    const result = await this.doors.open(locker.id, { actor: account, reason: 'assetStorage' });
    if (!result.ok) {
      if (locker.claimed) await releaseClaim(this.db, row.id, locker.id);
      throw doorNotOpened(result);
    }
    const now = nowIso();
    const asset = await this.db.transaction().execute(async (tx) => {
      await assetsRepository.setLockerStatus(tx, locker.id, LOCKER_STATUS.RESERVED, now);
      await assetsRepository.updateAsset(tx, row.id, {
        status: ASSET_STATUS.OPEN_FOR_STORAGE,
        status_change_at: now,
        updated_at: now,
      });
      const at = { id: locker.id, doorNumber: locker.doorNumber };
      await writeAssetLog(tx, {
        asset: row,
        action: ASSET_LOG_ACTION.OPENED_FOR_STORAGE_BY_ADMIN,
        admin: account,
        locker: at,
        at: now,
      });
      await writeAdminLog(tx, {
        actor: account,
        action: ADMIN_LOG_ACTION.ASSET_OPENED_FOR_STORAGE,
        locker: at,
        details: { assetId: row.id, name: row.name, commandId: result.commandId },
      });
      return this.assets.get(row.id, tx);
    });
    await this.lockerUpdates.changed([locker.id], { capacity: true });
    return {
      asset,
      lockerId: locker.id,
      placeId: locker.placeId,
      doorNumber: locker.doorNumber,
      outcome: result.outcome,
      commandId: result.commandId,
    };
  }

  /** Admin opens the asset's locker for it to be taken out (log 10); closing the door retrieves it. */
  async openForRetrieval(account: Account, q: { assetId: number }): Promise<AssetDoorOpenReply> {
    const row = await this.assets.mustGet(this.db, q.assetId);
    if (row.enabled !== 1) throw new AppError('assetDisabled');
    const [locker] = await assetsRepository.lockersOf(this.db, [row.id]);
    // Open for retrieval again is allowed: the door may have been closed before anyone took it out.
    const inLocker = row.status === ASSET_STATUS.STORED || row.status === ASSET_STATUS.OPEN_FOR_RETRIEVAL;
    if (!inLocker || !locker) throw new AppError('assetNotInLocker');
    const target = { id: locker.id, placeId: locker.place_id, doorNumber: locker.door_number };
    const result = await this.open(target, account, 'assetRetrieval');
    const now = nowIso();
    const asset = await this.db.transaction().execute(async (tx) => {
      await assetsRepository.updateAsset(tx, row.id, {
        status: ASSET_STATUS.OPEN_FOR_RETRIEVAL,
        status_change_at: now,
        updated_at: now,
      });
      await writeAssetLog(tx, {
        asset: row,
        action: ASSET_LOG_ACTION.OPENED_FOR_RETRIEVAL_BY_ADMIN,
        admin: account,
        locker: target,
        at: now,
      });
      await writeAdminLog(tx, {
        actor: account,
        action: ADMIN_LOG_ACTION.ASSET_OPENED_FOR_RETRIEVAL,
        locker: target,
        details: { assetId: row.id, name: row.name, commandId: result.commandId },
      });
      return this.assets.get(row.id, tx);
    });
    return {
      asset,
      lockerId: target.id,
      placeId: target.placeId,
      doorNumber: target.doorNumber,
      outcome: result.outcome,
      commandId: result.commandId,
    };
  }

  /**
   * A door closing after it was open finishes a storage (4) or a retrieval (6) under way. A
   * retrieval whose tag the locker's reader still reports was not taken: the asset stays stored
   * (4, the locker stays its), and the log says so (15).
   */
  async onDoorChanged(e: BusEvents['doorChanged']): Promise<void> {
    if (e.lockerId === null || e.doorStatus !== DOOR_STATUS.CLOSED) return;
    if (e.previousStatus === DOOR_STATUS.CLOSED || e.previousStatus === DOOR_STATUS.OFFLINE) return;
    const lockerId = e.lockerId;
    const ids = await assetsRepository.assetIdsInLocker(this.db, lockerId);
    if (ids.length === 0) return;
    const rows = await assetsRepository.assetsByIds(this.db, ids);
    const locker = { id: lockerId, doorNumber: e.doorNumber };
    let changed = false;
    for (const row of rows) {
      if (row.status !== ASSET_STATUS.OPEN_FOR_STORAGE && row.status !== ASSET_STATUS.OPEN_FOR_RETRIEVAL)
        continue;
      const opening = row.status === ASSET_STATUS.OPEN_FOR_STORAGE;
      // The reader's report as the device layer holds it now (it is updated as messages arrive,
      // before they are persisted and handled here): a tag taken out before the close is gone.
      const seen = row.tag ? await this.readerTags(e.placeId, e.doorNumber) : null;
      const stillSeen = !opening && !!row.tag && (seen ?? []).includes(row.tag);
      // A return at the office wall the place's reader does not see was not put back (issue #33).
      const notReturned =
        opening &&
        seen !== null &&
        !seen.includes(row.tag!) &&
        (await assetLogsRepository.lastStorageOpening(this.db, row.id)) ===
          ASSET_LOG_ACTION.OPENED_FOR_STORAGE_BY_USER;
      const storing = opening && !notReturned;
      const status = storing || stillSeen ? ASSET_STATUS.STORED : ASSET_STATUS.RETRIEVED;
      const moved = await this.db.transaction().execute(async (tx) => {
        const won = await assetsRepository.updateAssetIf(
          tx,
          row.id,
          { status: row.status },
          { status, status_change_at: e.at, updated_at: e.at },
        );
        if (!won) return false;
        if (storing || stillSeen) {
          await assetsRepository.setLockerStatus(tx, lockerId, LOCKER_STATUS.OCCUPIED, e.at);
        } else if (row.is_random_locker === 1) {
          // A random locker goes back to the pool; a fixed one stays reserved for its asset.
          await assetsRepository.unlinkLockers(tx, row.id);
          await assetsRepository.setLockerStatus(tx, lockerId, LOCKER_STATUS.AVAILABLE, e.at);
        } else {
          await assetsRepository.setLockerStatus(tx, lockerId, LOCKER_STATUS.RESERVED, e.at);
        }
        const action = stillSeen
          ? ASSET_LOG_ACTION.RETRIEVAL_NOT_TAKEN
          : notReturned
            ? ASSET_LOG_ACTION.RETURN_NOT_STORED
            : status;
        await writeAssetLog(tx, { asset: row, action, locker, at: e.at });
        return true;
      });
      changed ||= moved;
    }
    if (changed) await this.lockerUpdates.changed([lockerId]);
  }

  /** The reader saw a tag arrive or leave: the asset's tag status follows, logged on change only. */
  async onTag(e: BusEvents['tag']): Promise<void> {
    const row = await assetsRepository.assetByTag(this.db, e.tagId);
    if (!row) return;
    await this.followTag(row, e);
    // Detected (8) first, then stored (4): the log reads as it happened.
    if (e.present && row.status === ASSET_STATUS.OPEN_FOR_STORAGE) await this.storedBy(row, e);
  }

  private async followTag(
    row: NonNullable<Awaited<ReturnType<typeof assetsRepository.assetByTag>>>,
    e: BusEvents['tag'],
  ) {
    const tagStatus = e.present ? TAG_STATUS.DETECTED : TAG_STATUS.UNDETECTED;
    if (row.tag_status === tagStatus) return;
    const changed = await this.db.transaction().execute(async (tx) => {
      const won = await assetsRepository.updateAssetIf(
        tx,
        row.id,
        { tag_status: row.tag_status },
        { tag_status: tagStatus, tag_status_change_at: e.at },
      );
      if (!won) return false;
      await writeAssetLog(tx, {
        asset: row,
        action: e.present ? ASSET_LOG_ACTION.TAG_DETECTED : ASSET_LOG_ACTION.TAG_MISSING,
        locker: e.lockerId === null ? null : { id: e.lockerId, doorNumber: e.doorNumber },
        at: e.at,
      });
      return true;
    });
    // Screens showing the asset refresh on the locker's message.
    if (changed) await this.lockerUpdates.changed([e.lockerId]);
  }

  /**
   * A return is stored when its tag is seen in the locker opened for it (issue #32), without
   * waiting for the door: the reader knows it is in. The door's close then finds it stored.
   */
  private async storedBy(row: { id: number; name: string; status: number }, e: BusEvents['tag']) {
    if (e.lockerId === null) return;
    const lockers = await assetsRepository.lockersOf(this.db, [row.id]);
    if (!lockers.some((l) => l.id === e.lockerId)) return;
    const lockerId = e.lockerId;
    const moved = await this.db.transaction().execute(async (tx) => {
      const won = await assetsRepository.updateAssetIf(
        tx,
        row.id,
        { status: row.status },
        { status: ASSET_STATUS.STORED, status_change_at: e.at, updated_at: e.at },
      );
      if (!won) return false;
      await assetsRepository.setLockerStatus(tx, lockerId, LOCKER_STATUS.OCCUPIED, e.at);
      await writeAssetLog(tx, {
        asset: row,
        action: ASSET_STATUS.STORED,
        locker: { id: lockerId, doorNumber: e.doorNumber },
        at: e.at,
      });
      return true;
    });
    if (moved) await this.lockerUpdates.changed([lockerId]);
  }

  /**
   * A controller's whole tag picture after it came (back) online: an asset stored as detected in
   * one of this place's lockers whose tag no reader sees any more is missing (after a server
   * restart nothing else would say so: the reader only reports changes).
   */
  async onTagSnapshot(e: BusEvents['tagSnapshot']): Promise<void> {
    const seen = new Set(e.tags.map((t) => t.tagId));
    const stored = await assetsRepository.detectedAssetsAtPlace(this.db, e.placeId);
    for (const a of stored) {
      if (seen.has(a.tag)) continue;
      const gone = { placeId: e.placeId, lockerId: a.locker_id, doorNumber: a.door_number };
      await this.onTag({ ...gone, tagId: a.tag, present: false, at: e.at });
    }
  }
}
