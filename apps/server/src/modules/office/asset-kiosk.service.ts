import type { FastifyInstance } from 'fastify';
import {
  ACCESS_REASON,
  ADMIN_LOG_ACTION,
  ASSET_LOG_ACTION,
  ASSET_STATUS,
  LOCKER_STATUS,
  MODULE,
  type KioskAssetsReply,
  type KioskAssetsRequest,
  type KioskReturnableAssetsReply,
  type KioskReturnAssetReply,
  type KioskReturnAssetRequest,
  type KioskTakeAssetReply,
  type KioskTakeAssetRequest,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { KioskCaller } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { writeAssetLog } from '../assets/asset-log.js';
import { assetsRepository } from '../assets/assets.repository.js';
import { AssetsService } from '../assets/assets.service.js';
import { releaseClaim, takeLocker } from '../assets/asset-locker-choice.js';
import { doorNotOpened } from '../lockers/doors.service.js';
import {
  assetSchedulesAllow,
  localTime,
  nextAllowedAt,
  personRefusal,
  scheduleDecision,
  type AccessSchedule,
} from './access-decision.js';
import { officeSchedules, type AccessService } from './access.service.js';
import { assetAccessRepository } from './asset-access.repository.js';
import { parseWeekdays } from './schedules.service.js';
import type { LockerUserRow } from './users.repository.js';

type ScheduleRow = Awaited<ReturnType<typeof assetAccessRepository.assetSchedules>>[number];
const toSchedule = (s: ScheduleRow): AccessSchedule => ({
  id: s.id,
  startTime: s.start_time,
  endTime: s.end_time,
  startDate: s.start_date,
  endDate: s.end_date,
  weekdays: parseWeekdays(s.weekdays),
  placeId: s.place_id,
});

/**
 * The assets kiosk (issue #27): a locker user's card or PIN at an office location, the assets stored
 * there they may take now (asset users and the asset's groups, their own schedules for the asset or
 * else the asset's), and the door of the one they pick, with the asset log saying who took it.
 */
export class AssetKioskService {
  private readonly db: Db;
  private readonly catalogue: AssetsService;
  constructor(
    private readonly app: FastifyInstance,
    private readonly access: AccessService,
  ) {
    this.db = app.db;
    this.catalogue = new AssetsService(app.db);
  }

  /** The person's assets stored here, each with whether its schedules let them take it now. */
  private async stored(user: LockerUserRow, placeId: number, at: Date) {
    const candidates = await assetAccessRepository.candidates(this.db, user.id, placeId);
    const ids = candidates.map((c) => c.id);
    const [own, general] = await Promise.all([
      assetAccessRepository.userSchedules(this.db, user.id, ids),
      assetAccessRepository.assetSchedules(this.db, ids),
    ]);
    const t = localTime(at);
    return candidates.map((c) => {
      const mine = own.filter((s) => s.asset_id === c.id).map(toSchedule);
      const rules = mine.length > 0 ? mine : general.filter((s) => s.asset_id === c.id).map(toSchedule);
      const now = assetSchedulesAllow(mine, rules, t, placeId);
      return {
        ...c,
        now,
        availableAt: now ? null : (nextAllowedAt(rules, at, placeId)?.toISOString() ?? null),
      };
    });
  }

  private async mayTake(user: LockerUserRow, placeId: number, at: Date) {
    return (await this.stored(user, placeId, at)).filter((a) => a.now);
  }

  /**
   * Who this is, refused when they may use nothing now: disabled, not active, expired, or outside
   * their office schedules (their own and their groups'), whatever gave them the asset (issue #33).
   */
  private async person(screen: KioskCaller, req: KioskAssetsRequest) {
    if (!this.app.config.modules.includes(MODULE.ASSETS)) throw new AppError('moduleDisabled');
    const who = await this.access.identify(screen, req);
    const { enabled, status, valid_until: validUntil } = who.user;
    const now = new Date();
    const refusal = personRefusal({ enabled, status, validUntil }, now);
    if (refusal) await who.deny(refusal);
    const hours = scheduleDecision(await officeSchedules(this.db, who.user.id), now, screen.place.id);
    if (!hours.allowed) await who.deny(ACCESS_REASON.OUTSIDE_SCHEDULE, hours.retryAt);
    return who;
  }

  /** Who this is and which assets here they may take now (an empty list when none). */
  async assets(screen: KioskCaller, req: KioskAssetsRequest): Promise<KioskAssetsReply> {
    const { user } = await this.person(screen, req);
    const assets = await this.stored(user, screen.place.id, new Date());
    const view = (a: (typeof assets)[number]) => ({
      id: a.id,
      name: a.name,
      lockerId: a.lockerId,
      doorNumber: a.doorNumber,
    });
    return {
      userId: user.id,
      userName: user.name,
      assets: assets.filter((a) => a.now).map(view),
      later: assets.filter((a) => !a.now).map((a) => ({ ...view(a), availableAt: a.availableAt })),
    };
  }

  /** The assets this person has out and may bring back here (an empty list when none). */
  async returnable(screen: KioskCaller, req: KioskAssetsRequest): Promise<KioskReturnableAssetsReply> {
    const { user } = await this.person(screen, req);
    const assets = await assetAccessRepository.returnable(this.db, user.id);
    return { userId: user.id, userName: user.name, assets };
  }

  /**
   * Brings an asset back: its home locker here, or the smallest free one here it fits, opens (log
   * 16); closing the door stores it (log 4), or, where a reader does not see its tag, not (log 17).
   */
  async giveBack(screen: KioskCaller, req: KioskReturnAssetRequest): Promise<KioskReturnAssetReply> {
    const { user, deny } = await this.person(screen, req);
    const mine = await assetAccessRepository.returnable(this.db, user.id);
    if (!mine.some((a) => a.id === req.assetId)) return deny(ACCESS_REASON.ASSET_NOT_ALLOWED);
    const row = await this.catalogue.mustGet(this.db, req.assetId);
    const { size } = await this.catalogue.get(row.id);
    const locker = await takeLocker(this.db, row, size, undefined, screen.place.id);
    const result = await this.app.doors.open(locker.id, {
      actor: screen,
      reason: 'assetReturn',
      userId: user.id,
    });
    await this.access.recordGranted(screen, req, user, {
      lockerId: locker.id,
      doorNumber: result.doorNumber,
      outcome: result.outcome,
      commandId: result.commandId,
    });
    if (!result.ok) {
      if (locker.claimed) await releaseClaim(this.db, row.id, locker.id);
      throw doorNotOpened(result);
    }
    const now = nowIso();
    const at = { id: locker.id, doorNumber: locker.doorNumber };
    const who = { id: user.id, name: user.name };
    await this.db.transaction().execute(async (tx) => {
      await assetsRepository.setLockerStatus(tx, locker.id, LOCKER_STATUS.RESERVED, now);
      await assetsRepository.updateAsset(tx, row.id, {
        status: ASSET_STATUS.OPEN_FOR_STORAGE,
        status_change_at: now,
        updated_at: now,
      });
      const action = ASSET_LOG_ACTION.OPENED_FOR_STORAGE_BY_USER;
      await writeAssetLog(tx, { asset: row, action, user: who, locker: at, at: now });
      await writeAdminLog(tx, {
        actor: screen,
        action: ADMIN_LOG_ACTION.ASSET_OPENED_FOR_STORAGE,
        user: who,
        locker: at,
        details: { assetId: row.id, name: row.name, commandId: result.commandId, kiosk: true },
      });
    });
    await this.app.lockerUpdates.changed([locker.id], { capacity: true });
    return {
      id: row.id,
      name: row.name,
      lockerId: locker.id,
      doorNumber: result.doorNumber,
      userId: user.id,
      userName: user.name,
      outcome: result.outcome,
    };
  }

  /** Opens the asset's door for this person; closing it completes the retrieval (asset log 6). */
  async take(screen: KioskCaller, req: KioskTakeAssetRequest): Promise<KioskTakeAssetReply> {
    const { user, deny } = await this.person(screen, req);
    const asset = (await this.mayTake(user, screen.place.id, new Date())).find((a) => a.id === req.assetId);
    if (!asset) return deny(ACCESS_REASON.ASSET_NOT_ALLOWED);
    const result = await this.app.doors.open(asset.lockerId, {
      actor: screen,
      reason: 'assetKiosk',
      userId: user.id,
    });
    await this.access.recordGranted(screen, req, user, {
      lockerId: asset.lockerId,
      doorNumber: result.doorNumber,
      outcome: result.outcome,
      commandId: result.commandId,
    });
    if (!result.ok) throw doorNotOpened(result);
    const now = nowIso();
    const locker = { id: asset.lockerId, doorNumber: asset.doorNumber };
    await this.db.transaction().execute(async (tx) => {
      await assetsRepository.updateAsset(tx, asset.id, {
        status: ASSET_STATUS.OPEN_FOR_RETRIEVAL,
        status_change_at: now,
        updated_at: now,
      });
      await writeAssetLog(tx, {
        asset,
        action: ASSET_LOG_ACTION.OPENED_FOR_RETRIEVAL_BY_USER,
        user: { id: user.id, name: user.name },
        locker,
        at: now,
      });
      await writeAdminLog(tx, {
        actor: screen,
        action: ADMIN_LOG_ACTION.ASSET_OPENED_FOR_RETRIEVAL,
        user: { id: user.id, name: user.name },
        locker,
        details: { assetId: asset.id, name: asset.name, commandId: result.commandId, kiosk: true },
      });
    });
    await this.app.lockerUpdates.changed([asset.lockerId]);
    return {
      id: asset.id,
      name: asset.name,
      lockerId: asset.lockerId,
      doorNumber: result.doorNumber,
      userId: user.id,
      userName: user.name,
      outcome: result.outcome,
    };
  }
}
