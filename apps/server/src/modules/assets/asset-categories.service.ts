import { updateIfUnchanged } from '../../db/versioned.js';
import {
  ADMIN_LOG_ACTION,
  type AssetCategory,
  type AssetCategoryIcon,
  type CreateAssetCategoryRequest,
  type UpdateAssetCategoryRequest,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso, toNumber } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import { assetsRepository } from './assets.repository.js';

const nameExists = () => new AppError('categoryNameExists');

/** Asset categories: name (unique, case-insensitive), icon and the locker size they need. */
export class AssetCategoriesService {
  constructor(private readonly db: Db) {}

  async list(): Promise<AssetCategory[]> {
    const rows = await assetsRepository.listCategories(this.db);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      icon: r.icon as AssetCategoryIcon,
      size: r.size,
      assetCount: toNumber(r.asset_count),
      updatedAt: r.updated_at,
    }));
  }

  async create(actor: Account, body: CreateAssetCategoryRequest): Promise<AssetCategory> {
    if (await assetsRepository.categoryByName(this.db, body.name)) throw nameExists();
    const now = nowIso();
    const id = await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.ASSET_CATEGORY_CREATED,
      (tx) => assetsRepository.insertCategory(tx, { ...body, now }),
      { log: (categoryId) => ({ details: { categoryId, name: body.name } }), onDuplicate: nameExists },
    );
    return { id, name: body.name, icon: body.icon, size: body.size, assetCount: 0, updatedAt: now };
  }

  async update(actor: Account, body: UpdateAssetCategoryRequest): Promise<AssetCategory> {
    if (!(await assetsRepository.categoryById(this.db, body.id))) throw new AppError('categoryNotExist');
    const same = await assetsRepository.categoryByName(this.db, body.name);
    if (same && same.id !== body.id) throw nameExists();
    const { id, name, icon, size, updatedAt } = body;
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.ASSET_CATEGORY_UPDATED,
      (tx) =>
        updateIfUnchanged(tx, 'asset_categories', { column: 'id', value: id }, updatedAt, {
          name,
          icon,
          size,
        }),
      { log: { details: { categoryId: id, name } }, onDuplicate: nameExists },
    );
    return (await this.list()).find((c) => c.id === body.id)!;
  }

  /** Assets keep existing without the category: it is a label, not an owner. */
  async remove(actor: Account, categoryId: number): Promise<null> {
    const category = await assetsRepository.categoryById(this.db, categoryId);
    if (!category) throw new AppError('categoryNotExist');
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.ASSET_CATEGORY_DELETED,
      (tx) => assetsRepository.deleteCategory(tx, categoryId),
      { log: { details: { categoryId, name: category.name } } },
    );
    return null;
  }
}
