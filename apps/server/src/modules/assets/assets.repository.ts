import type { Insertable, Updateable } from 'kysely';
import { TAG_STATUS } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { toNumber } from '../../db/helpers.js';
import type { AssetsTable } from '../../db/tables/assets.js';
import { assetFilters, type AssetListFilter } from './asset-filters.repository.js';
import { ASSET_DEFAULT_SORT, sortedAssets, type AssetListSort } from './asset-list.repository.js';
import { assetCategoriesRepository } from './asset-categories.repository.js';
import { assetLinksRepository } from './asset-links.repository.js';
import { assetLogsRepository } from './asset-logs.repository.js';

/** Assets and the relations of a page of them: Kysely queries only. */
const assetCoreRepository = {
  assetById(db: DbOrTx, id: number) {
    return db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  },
  assetByTag(db: DbOrTx, tag: string) {
    return db.selectFrom('assets').selectAll().where('tag', '=', tag).executeTakeFirst();
  },
  listAssets(
    db: DbOrTx,
    f: AssetListFilter,
    page: { limit: number; offset: number },
    sort: AssetListSort = ASSET_DEFAULT_SORT,
  ) {
    return sortedAssets(db, f, sort).limit(page.limit).offset(page.offset).execute();
  },
  async countAssets(db: DbOrTx, f: AssetListFilter): Promise<number> {
    const row = await assetFilters(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
  },
  assetsByIds(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('assets')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
  },
  /** The assets a user may retrieve: as one of its users, or through a group they are in (ADR 0072). */
  async assetIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('asset_users')
      .select('asset_id')
      .where('user_id', '=', userId)
      .union(
        db
          .selectFrom('asset_groups as ag')
          .innerJoin('user_group_members as m', 'm.group_id', 'ag.group_id')
          .select('ag.asset_id')
          .where('m.user_id', '=', userId),
      )
      .execute();
    return rows.map((r) => r.asset_id);
  },
  async insertAsset(db: DbOrTx, row: Insertable<AssetsTable>) {
    const { id } = await db.insertInto('assets').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },
  async updateAsset(db: DbOrTx, id: number, row: Updateable<AssetsTable>) {
    await db.updateTable('assets').set(row).where('id', '=', id).execute();
  },
  /**
   * Updates only while the row still has `expected` values; false when another handler (or another
   * instance seeing the same device event) got there first.
   */
  async updateAssetIf(
    db: DbOrTx,
    id: number,
    expected: { status?: number; tag_status?: number },
    row: Updateable<AssetsTable>,
  ): Promise<boolean> {
    let q = db.updateTable('assets').set(row).where('id', '=', id);
    if (expected.status !== undefined) q = q.where('status', '=', expected.status);
    if (expected.tag_status !== undefined) q = q.where('tag_status', '=', expected.tag_status);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async deleteAsset(db: DbOrTx, id: number) {
    // Links go explicitly as well: SQLite only cascades with foreign keys switched on.
    for (const t of [
      'asset_category_links',
      'asset_lockers',
      'asset_users',
      'asset_schedules',
      'asset_user_schedules',
    ] as const) {
      await db.deleteFrom(t).where('asset_id', '=', id).execute();
    }
    await db.deleteFrom('assets').where('id', '=', id).execute();
  },
  async setCategories(db: DbOrTx, assetId: number, categoryIds: number[]) {
    await db.deleteFrom('asset_category_links').where('asset_id', '=', assetId).execute();
    if (categoryIds.length === 0) return;
    await db
      .insertInto('asset_category_links')
      .values(categoryIds.map((category_id) => ({ asset_id: assetId, category_id })))
      .execute();
  },

  // ---- relations of a page of assets ----
  categoriesOf(db: DbOrTx, assetIds: number[]) {
    if (assetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('asset_category_links as l')
      .innerJoin('asset_categories as c', 'c.id', 'l.category_id')
      .select(['l.asset_id', 'c.id', 'c.name', 'c.icon', 'c.size'])
      .where('l.asset_id', 'in', assetIds)
      .orderBy('c.name')
      .execute();
  },
  lockersOf(db: DbOrTx, assetIds: number[]) {
    if (assetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('asset_lockers as al')
      .innerJoin('lockers as k', 'k.id', 'al.locker_id')
      .innerJoin('places as p', 'p.id', 'k.place_id')
      .select([
        'al.asset_id',
        'k.id',
        'k.place_id',
        'p.name as place_name',
        'k.door_number',
        'k.size',
        'k.status',
        'k.door_status',
      ])
      .where('al.asset_id', 'in', assetIds)
      .orderBy('al.created_at')
      .orderBy('k.id')
      .execute();
  },
  usersOf(db: DbOrTx, assetIds: number[]) {
    if (assetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('asset_users')
      .select(['asset_id', 'user_id'])
      .where('asset_id', 'in', assetIds)
      .orderBy('user_id')
      .execute();
  },
  userSchedulesOf(db: DbOrTx, assetIds: number[]) {
    if (assetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('asset_user_schedules')
      .select(['asset_id', 'user_id', 'schedule_id'])
      .where('asset_id', 'in', assetIds)
      .orderBy('schedule_id')
      .execute();
  },
  schedulesOf(db: DbOrTx, assetIds: number[]) {
    if (assetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('asset_schedules')
      .select(['asset_id', 'schedule_id'])
      .where('asset_id', 'in', assetIds)
      .orderBy('schedule_id')
      .execute();
  },

  /** Assets stored as detected whose locker is at this place, with the locker's door. */
  detectedAssetsAtPlace(db: DbOrTx, placeId: number) {
    return db
      .selectFrom('assets as a')
      .innerJoin('asset_lockers as al', 'al.asset_id', 'a.id')
      .innerJoin('lockers as k', 'k.id', 'al.locker_id')
      .select(['a.tag', 'k.id as locker_id', 'k.door_number'])
      .where('k.place_id', '=', placeId)
      .where('a.tag_status', '=', TAG_STATUS.DETECTED)
      .execute();
  },

  /** Assets in a warning state (SPEC §4), enabled ones only: a disabled asset is out of service. */
  warningAssets(db: DbOrTx) {
    return assetFilters(db, { warning: 1, enabled: 1 })
      .selectAll('assets')
      .orderBy('assets.status_change_at', 'desc')
      .limit(500)
      .execute();
  },
};

/** Every query of the area in one object, so services read `assetsRepository.<query>`. */
export const assetsRepository = {
  ...assetCoreRepository,
  ...assetCategoriesRepository,
  ...assetLinksRepository,
  ...assetLogsRepository,
};
