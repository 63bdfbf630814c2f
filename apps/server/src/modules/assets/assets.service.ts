import { updateIfUnchanged } from '../../db/versioned.js';
import {
  ADMIN_LOG_ACTION,
  ASSET_LOG_ACTION,
  ASSET_STATUS,
  type Asset,
  type AssetKpis,
  type AssetLog,
  type AssetWarning,
  type ListAssetsLogsReply,
  type AssetLogsExportQuery,
  type AssetLogsFilter,
  type AssetsExportQuery,
  type AssetsFilter,
  type ListAssetsReply,
} from '@cacifo/contract';
import type { FastifyReply } from 'fastify';
import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { computeKpis, windowStart } from './asset-kpis.js';
import { toAssets, toLog } from './asset-mapper.js';
import { writeAssetLog } from './asset-log.js';
import { assetLogFilter, exportAssetLogs, exportAssets } from './assets-export.js';
import { assetsRepository } from './assets.repository.js';

export interface AssetFields {
  name: string;
  category?: number[] | undefined;
  tag: string;
  description: string;
  isRandomLocker: boolean;
}

/** A use of an asset is an open for retrieval: by a locker user (5) or by an admin (10). */
const USE_ACTIONS: number[] = [
  ASSET_LOG_ACTION.OPEN_FOR_RETRIEVAL,
  ASSET_LOG_ACTION.OPENED_FOR_RETRIEVAL_BY_ADMIN,
];
/** While in these states the asset holds a locker: it cannot be deleted. */
const IN_LOCKER: number[] = [
  ASSET_STATUS.OPEN_FOR_STORAGE,
  ASSET_STATUS.STORED,
  ASSET_STATUS.OPEN_FOR_RETRIEVAL,
];

const ENABLE_ADMIN_ACTION = {
  [ASSET_LOG_ACTION.ASSET_ENABLED]: ADMIN_LOG_ACTION.ASSET_ENABLED,
  [ASSET_LOG_ACTION.ASSET_DISABLED]: ADMIN_LOG_ACTION.ASSET_DISABLED,
} as const;

/** Assets: the catalogue, logs, KPIs and warnings (who may retrieve them: asset-access.service.ts). */
export class AssetsService {
  constructor(private readonly db: Db) {}

  async mustGet(db: DbOrTx, id: number) {
    const row = await assetsRepository.assetById(db, id);
    if (!row) throw new AppError('assetNotExist');
    return row;
  }

  async get(id: number, db: DbOrTx = this.db): Promise<Asset> {
    const [asset] = await toAssets(db, [await this.mustGet(db, id)]);
    return asset!;
  }

  async list(query: AssetsFilter): Promise<ListAssetsReply> {
    const { max_results, offset, sort, order, ...filter } = query;
    const page = { limit: max_results, offset };
    const [rows, totalAssets] = await Promise.all([
      assetsRepository.listAssets(this.db, filter, page, { sort, order }),
      assetsRepository.countAssets(this.db, filter),
    ]);
    return { assets: await toAssets(this.db, rows), totalAssets };
  }

  async listOfUser(userId: number): Promise<Asset[]> {
    const ids = await assetsRepository.assetIdsOfUser(this.db, userId);
    return toAssets(this.db, await assetsRepository.assetsByIds(this.db, ids));
  }

  private async checkFields(body: AssetFields, id: number | null) {
    const other = await assetsRepository.assetByTag(this.db, body.tag);
    if (other && other.id !== id) throw new AppError('tagInUse', { assetId: other.id });
    const wanted = [...new Set(body.category ?? [])];
    const found = await assetsRepository.existingCategoryIds(this.db, wanted);
    const missing = wanted.filter((c) => !found.includes(c));
    if (missing.length) throw new AppError('categoryNotExist', { categoryIds: missing });
    return wanted;
  }

  async create(account: Account, body: AssetFields): Promise<Asset> {
    const categories = await this.checkFields(body, null);
    const now = nowIso();
    return this.db.transaction().execute(async (tx) => {
      const id = await assetsRepository.insertAsset(tx, {
        name: body.name,
        tag: body.tag,
        description: body.description,
        is_random_locker: body.isRandomLocker ? 1 : 0,
        created_at: now,
        updated_at: now,
        status_change_at: now,
      });
      await assetsRepository.setCategories(tx, id, categories);
      await writeAssetLog(tx, {
        asset: { id, name: body.name },
        action: ASSET_LOG_ACTION.CREATED,
        admin: account,
        at: now,
      });
      await writeAdminLog(tx, {
        actor: account,
        action: ADMIN_LOG_ACTION.ASSET_CREATED,
        details: { assetId: id, name: body.name },
      });
      return this.get(id, tx);
    });
  }

  /** Editing details does not move the asset: its status stays, the log says "updated" (7). */
  async update(account: Account, id: number, body: AssetFields, updatedAt: string): Promise<Asset> {
    await this.mustGet(this.db, id);
    const categories = await this.checkFields(body, id);
    const now = nowIso();
    return this.db.transaction().execute(async (tx) => {
      await updateIfUnchanged(tx, 'assets', { column: 'id', value: id }, updatedAt, {
        name: body.name,
        tag: body.tag,
        description: body.description,
        is_random_locker: body.isRandomLocker ? 1 : 0,
      });
      await assetsRepository.setCategories(tx, id, categories);
      await writeAssetLog(tx, {
        asset: { id, name: body.name },
        action: ASSET_LOG_ACTION.UPDATED,
        admin: account,
        at: now,
      });
      await writeAdminLog(tx, {
        actor: account,
        action: ADMIN_LOG_ACTION.ASSET_UPDATED,
        details: { assetId: id, name: body.name },
      });
      return this.get(id, tx);
    });
  }

  async remove(account: Account, id: number): Promise<null> {
    const row = await this.mustGet(this.db, id);
    if (IN_LOCKER.includes(row.status)) throw new AppError('assetInLocker');
    const lockers = await assetsRepository.lockersOf(this.db, [id]);
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      // A fixed locker held for this asset is free again.
      for (const l of lockers) if (l.status === 1) await assetsRepository.setLockerStatus(tx, l.id, 0, now);
      await assetsRepository.deleteAsset(tx, id);
      await writeAdminLog(tx, {
        actor: account,
        action: ADMIN_LOG_ACTION.ASSET_DELETED,
        details: { assetId: id, name: row.name },
      });
    });
    return null;
  }

  /** Enabling and disabling are separate calls (SPEC §4); repeating one changes nothing. */
  async setEnabled(account: Account, id: number, enabled: boolean): Promise<Asset> {
    const row = await this.mustGet(this.db, id);
    if ((row.enabled === 1) === enabled) return this.get(id);
    const action = enabled ? ASSET_LOG_ACTION.ASSET_ENABLED : ASSET_LOG_ACTION.ASSET_DISABLED;
    return this.db.transaction().execute(async (tx) => {
      const now = nowIso();
      await assetsRepository.updateAsset(tx, id, { enabled: enabled ? 1 : 0, updated_at: now });
      await writeAssetLog(tx, { asset: row, action, admin: account, at: now });
      await writeAdminLog(tx, {
        actor: account,
        action: ENABLE_ADMIN_ACTION[action],
        details: { assetId: id, name: row.name },
      });
      return this.get(id, tx);
    });
  }

  async logs(query: AssetLogsFilter): Promise<ListAssetsLogsReply> {
    const { max_results, offset, sort, order, ...rest } = query;
    const filter = assetLogFilter(rest);
    const page = { limit: max_results, offset };
    const [rows, totalLogs] = await Promise.all([
      assetsRepository.listLogs(this.db, filter, page, { sort, order }),
      assetsRepository.countLogs(this.db, filter),
    ]);
    return { logs: await this.withPlaces(rows), totalLogs };
  }

  /** The filtered assets, in the list's order, as .xlsx or .csv (streamed; see assets-export.ts). */
  exportAssets(reply: FastifyReply, q: AssetsExportQuery): Promise<FastifyReply> {
    return exportAssets(this.db, reply, q);
  }

  /** The filtered asset logs, in the list's order, as .xlsx or .csv (streamed). */
  exportLogs(reply: FastifyReply, q: AssetLogsExportQuery): Promise<FastifyReply> {
    return exportAssetLogs(this.db, reply, q);
  }

  async assetLogs(assetId: number, limit: number): Promise<AssetLog[]> {
    await this.mustGet(this.db, assetId);
    const rows = await assetsRepository.listLogs(this.db, { assetId }, { limit, offset: 0 });
    return this.withPlaces(rows);
  }

  /** Log rows with the location of their door, read once for the page. */
  private async withPlaces(rows: Awaited<ReturnType<typeof assetsRepository.listLogs>>) {
    const lockerIds = rows.flatMap((r) => (r.locker_id === null ? [] : [r.locker_id]));
    const places = await assetsRepository.placeNamesOfLockers(this.db, lockerIds);
    return rows.map((r) => toLog(r, places));
  }

  async kpis(assetId: number, now = new Date()): Promise<AssetKpis> {
    await this.mustGet(this.db, assetId);
    // 365 days covers the 60 days of the daily comparison too.
    const [uses, total] = await Promise.all([
      assetsRepository.usesSince(this.db, assetId, USE_ACTIONS, windowStart(now, 365)),
      assetsRepository.countUses(this.db, assetId, USE_ACTIONS),
    ]);
    return computeKpis(assetId, total, uses, now);
  }

  async warnings(): Promise<AssetWarning[]> {
    const rows = await assetsRepository.warningAssets(this.db);
    const assets = await toAssets(this.db, rows);
    return assets.map((a) => {
      const locker = a.lockers[0] ?? null;
      const since = [a.statusChangeAt, a.tagStatusChangeAt ?? ''].sort().at(-1)!;
      return {
        assetId: a.id,
        assetName: a.name,
        tag: a.tag,
        kind: a.warning!,
        status: a.status,
        tagStatus: a.tagStatus,
        since,
        lockerId: locker?.id ?? null,
        doorNumber: locker?.doorNumber ?? null,
        placeName: locker?.placeName ?? null,
      };
    });
  }
}
