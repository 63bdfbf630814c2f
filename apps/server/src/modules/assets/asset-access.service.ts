import { ADMIN_LOG_ACTION, type Asset } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import { assetGroupsRepository } from './asset-groups.repository.js';
import type { AssetsService } from './assets.service.js';
import { assetsRepository } from './assets.repository.js';

/** Who may retrieve an asset: its users, its groups, and the schedules of both (each write in the admin log). */
export class AssetAccessService {
  constructor(
    private readonly db: Db,
    private readonly assets: AssetsService,
  ) {}

  private async mustBeUser(userId: number): Promise<string | null> {
    const names = await assetsRepository.userNames(this.db, [userId]);
    if (!names.has(userId)) throw new AppError('assetUserNotExist');
    return names.get(userId)!;
  }

  async addUser(actor: Account, assetId: number, userId: number): Promise<Asset> {
    await this.assets.mustGet(this.db, assetId);
    await this.mustBeUser(userId);
    const log = { details: { assetId, userId } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.ASSET_USER_ADDED,
      (tx) => assetsRepository.addUser(tx, assetId, userId, nowIso()),
      { log },
    );
    return this.assets.get(assetId);
  }

  async removeUser(actor: Account, assetId: number, userId: number): Promise<Asset> {
    await this.assets.mustGet(this.db, assetId);
    if (!(await assetsRepository.hasUser(this.db, assetId, userId))) throw new AppError('assetUserNotExist');
    const log = { details: { assetId, userId } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.ASSET_USER_REMOVED,
      (tx) => assetsRepository.removeUser(tx, assetId, userId),
      { log },
    );
    return this.assets.get(assetId);
  }

  /** A group's access: kept as the group, so members who join later may retrieve the asset too. */
  async changeGroup(actor: Account, assetId: number, groupId: number, add: boolean): Promise<Asset> {
    await this.assets.mustGet(this.db, assetId);
    const action = add ? ADMIN_LOG_ACTION.ASSET_GROUP_ADDED : ADMIN_LOG_ACTION.ASSET_GROUP_REMOVED;
    await adminCommand(
      this.db,
      actor,
      action,
      async (tx) => {
        if (add) {
          if (!(await assetGroupsRepository.groupExists(tx, groupId)))
            throw new AppError('notFound', { field: 'groupId' });
          await assetGroupsRepository.add(tx, assetId, groupId, nowIso());
        } else if (!(await assetGroupsRepository.remove(tx, assetId, groupId))) {
          throw new AppError('notFound', { field: 'groupId' });
        }
      },
      { log: { details: { assetId, groupId } } },
    );
    return this.assets.get(assetId);
  }

  private async mustBeSchedules(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await assetsRepository.existingScheduleIds(this.db, unique);
    const missing = unique.filter((s) => !found.includes(s));
    if (missing.length) throw new AppError('notFound', { scheduleIds: missing });
    return unique;
  }

  async changeSchedules(
    actor: Account,
    assetId: number,
    scheduleIds: number[],
    add: boolean,
  ): Promise<Asset> {
    await this.assets.mustGet(this.db, assetId);
    const ids = await this.mustBeSchedules(scheduleIds);
    const log = { details: { assetId, scheduleIds: ids, schedulesAdded: add } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.ASSET_UPDATED,
      (tx) =>
        add
          ? assetsRepository.addSchedules(tx, assetId, ids)
          : assetsRepository.removeSchedules(tx, assetId, ids),
      { log },
    );
    return this.assets.get(assetId);
  }

  /** Schedules of one user for one asset: the user must be one who may retrieve it. */
  async changeUserSchedules(
    actor: Account,
    assetId: number,
    userId: number,
    scheduleIds: number[],
    add: boolean,
  ): Promise<Asset> {
    await this.assets.mustGet(this.db, assetId);
    if (!(await assetsRepository.hasUser(this.db, assetId, userId))) throw new AppError('assetUserNotExist');
    const ids = await this.mustBeSchedules(scheduleIds);
    const log = { details: { assetId, userId, scheduleIds: ids, schedulesAdded: add } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.ASSET_UPDATED,
      (tx) =>
        add
          ? assetsRepository.addUserSchedules(tx, assetId, userId, ids)
          : assetsRepository.removeUserSchedules(tx, assetId, userId, ids),
      { log },
    );
    return this.assets.get(assetId);
  }
}
