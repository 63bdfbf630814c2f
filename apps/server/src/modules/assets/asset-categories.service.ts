import { updateIfUnchanged } from '../../db/versioned.js';
import type {
  AssetCategory,
  AssetCategoryIcon,
  CreateAssetCategoryRequest,
  UpdateAssetCategoryRequest,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso, toNumber } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { assetsRepository } from './assets.repository.js';

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

  async create(body: CreateAssetCategoryRequest): Promise<AssetCategory> {
    if (await assetsRepository.categoryByName(this.db, body.name)) throw new AppError('categoryNameExists');
    const now = nowIso();
    const id = await assetsRepository.insertCategory(this.db, { ...body, now });
    return { id, name: body.name, icon: body.icon, size: body.size, assetCount: 0, updatedAt: now };
  }

  async update(body: UpdateAssetCategoryRequest): Promise<AssetCategory> {
    if (!(await assetsRepository.categoryById(this.db, body.id))) throw new AppError('categoryNotExist');
    const same = await assetsRepository.categoryByName(this.db, body.name);
    if (same && same.id !== body.id) throw new AppError('categoryNameExists');
    const { id, name, icon, size, updatedAt } = body;
    await updateIfUnchanged(this.db, 'asset_categories', { column: 'id', value: id }, updatedAt, {
      name,
      icon,
      size,
    });
    return (await this.list()).find((c) => c.id === body.id)!;
  }

  /** Assets keep existing without the category: it is a label, not an owner. */
  async remove(categoryId: number): Promise<null> {
    if (!(await assetsRepository.categoryById(this.db, categoryId))) throw new AppError('categoryNotExist');
    await this.db.transaction().execute((tx) => assetsRepository.deleteCategory(tx, categoryId));
    return null;
  }
}
