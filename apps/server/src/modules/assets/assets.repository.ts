import type { Insertable, Kysely, Updateable } from 'kysely';
import { ASSET_STATUS, TAG_STATUS } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { toNumber } from '../../db/helpers.js';
import type { AssetLogsTable, AssetsTable } from '../../db/tables/assets.js';

/**
 * The office area's tables read here (locker users, schedules), typed locally with only the columns
 * used, so this module does not depend on that area's row types.
 */
interface OfficeLookup {
  locker_users: { id: number; name: string };
  schedules: { id: number };
}
const office = (db: DbOrTx) => db as unknown as Kysely<OfficeLookup>;

export interface AssetListFilter {
  search?: string | undefined;
  status?: number[] | undefined;
  categoryId?: number | undefined;
  enabled?: number | undefined;
  warning?: number | undefined;
}

export interface AssetLogFilter {
  assetId?: number | undefined;
  actionId?: number[] | undefined;
  userId?: number | undefined;
  adminId?: number | undefined;
  lockerId?: number | undefined;
  search?: string | undefined;
  from?: string | undefined;
  /** Exclusive upper bound (ISO). */
  to?: string | undefined;
}

/** Lower-cased on both sides so both databases agree; the user's own wildcards are dropped. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, '')}%`;
}

function assetFilters(db: DbOrTx, f: AssetListFilter) {
  let q = db.selectFrom('assets');
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([eb(eb.fn('lower', ['assets.name']), 'like', p), eb(eb.fn('lower', ['assets.tag']), 'like', p)]),
    );
  }
  if (f.status?.length) q = q.where('assets.status', 'in', f.status);
  if (f.enabled !== undefined) q = q.where('assets.enabled', '=', f.enabled);
  if (f.categoryId !== undefined) {
    const categoryId = f.categoryId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('asset_category_links as l')
          .select('l.asset_id')
          .whereRef('l.asset_id', '=', 'assets.id')
          .where('l.category_id', '=', categoryId),
      ),
    );
  }
  if (f.warning !== undefined) {
    q = q.where((eb) => {
      const warn = eb.or([
        eb.and([
          eb('assets.status', '=', ASSET_STATUS.STORED),
          eb('assets.tag_status', '=', TAG_STATUS.UNDETECTED),
        ]),
        eb.and([
          eb('assets.status', '=', ASSET_STATUS.RETRIEVED),
          eb('assets.tag_status', '=', TAG_STATUS.DETECTED),
        ]),
      ]);
      return f.warning ? warn : eb.not(warn);
    });
  }
  return q;
}

function logFilters(db: DbOrTx, f: AssetLogFilter) {
  let q = db.selectFrom('asset_logs');
  if (f.assetId !== undefined) q = q.where('asset_id', '=', f.assetId);
  if (f.actionId?.length) q = q.where('action_id', 'in', f.actionId);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.adminId !== undefined) q = q.where('admin_id', '=', f.adminId);
  if (f.lockerId !== undefined) q = q.where('locker_id', '=', f.lockerId);
  if (f.search) q = q.where((eb) => eb(eb.fn('lower', ['asset_name']), 'like', likePattern(f.search!)));
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<', f.to);
  return q;
}

export const assetsRepository = {
  // ---- categories ----
  listCategories(db: DbOrTx) {
    return db
      .selectFrom('asset_categories as c')
      .leftJoin('asset_category_links as l', 'l.category_id', 'c.id')
      .select((eb) => [
        'c.id',
        'c.name',
        'c.icon',
        'c.size',
        eb.fn.count<string | number>('l.asset_id').as('asset_count'),
      ])
      .groupBy(['c.id', 'c.name', 'c.icon', 'c.size'])
      .orderBy('c.name')
      .execute();
  },
  categoryById(db: DbOrTx, id: number) {
    return db.selectFrom('asset_categories').selectAll().where('id', '=', id).executeTakeFirst();
  },
  categoryByName(db: DbOrTx, name: string) {
    return db
      .selectFrom('asset_categories')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  },
  async existingCategoryIds(db: DbOrTx, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('asset_categories').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  },
  async insertCategory(db: DbOrTx, row: { name: string; icon: string; size: string; now: string }) {
    const { id } = await db
      .insertInto('asset_categories')
      .values({ name: row.name, icon: row.icon, size: row.size, created_at: row.now, updated_at: row.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  async updateCategory(
    db: DbOrTx,
    id: number,
    row: { name: string; icon: string; size: string; now: string },
  ) {
    await db
      .updateTable('asset_categories')
      .set({ name: row.name, icon: row.icon, size: row.size, updated_at: row.now })
      .where('id', '=', id)
      .execute();
  },
  async deleteCategory(db: DbOrTx, id: number) {
    await db.deleteFrom('asset_category_links').where('category_id', '=', id).execute();
    await db.deleteFrom('asset_categories').where('id', '=', id).execute();
  },

  // ---- assets ----
  assetById(db: DbOrTx, id: number) {
    return db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  },
  assetByTag(db: DbOrTx, tag: string) {
    return db.selectFrom('assets').selectAll().where('tag', '=', tag).executeTakeFirst();
  },
  listAssets(db: DbOrTx, f: AssetListFilter, page: { limit: number; offset: number }) {
    return assetFilters(db, f)
      .selectAll('assets')
      .orderBy('assets.name')
      .orderBy('assets.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  },
  async countAssets(db: DbOrTx, f: AssetListFilter): Promise<number> {
    const row = await assetFilters(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
  },
  assetsByIds(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('assets').selectAll().where('id', 'in', ids).orderBy('name').orderBy('id').execute();
  },
  async assetIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('asset_users')
      .select('asset_id')
      .where('user_id', '=', userId)
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

  // ---- users and schedules (the office area's tables) ----
  async userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await office(db)
      .selectFrom('locker_users')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },
  async existingScheduleIds(db: DbOrTx, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await office(db).selectFrom('schedules').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  },
  async hasUser(db: DbOrTx, assetId: number, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('asset_users')
      .select('user_id')
      .where('asset_id', '=', assetId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  },
  async addUser(db: DbOrTx, assetId: number, userId: number, now: string) {
    await db
      .insertInto('asset_users')
      .values({ asset_id: assetId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['asset_id', 'user_id']).doNothing())
      .execute();
  },
  async removeUser(db: DbOrTx, assetId: number, userId: number) {
    await db
      .deleteFrom('asset_user_schedules')
      .where('asset_id', '=', assetId)
      .where('user_id', '=', userId)
      .execute();
    await db
      .deleteFrom('asset_users')
      .where('asset_id', '=', assetId)
      .where('user_id', '=', userId)
      .execute();
  },
  async addSchedules(db: DbOrTx, assetId: number, scheduleIds: number[]) {
    await db
      .insertInto('asset_schedules')
      .values(scheduleIds.map((schedule_id) => ({ asset_id: assetId, schedule_id })))
      .onConflict((oc) => oc.columns(['asset_id', 'schedule_id']).doNothing())
      .execute();
  },
  async removeSchedules(db: DbOrTx, assetId: number, scheduleIds: number[]) {
    await db
      .deleteFrom('asset_schedules')
      .where('asset_id', '=', assetId)
      .where('schedule_id', 'in', scheduleIds)
      .execute();
  },
  async addUserSchedules(db: DbOrTx, assetId: number, userId: number, scheduleIds: number[]) {
    await db
      .insertInto('asset_user_schedules')
      .values(scheduleIds.map((schedule_id) => ({ asset_id: assetId, user_id: userId, schedule_id })))
      .onConflict((oc) => oc.columns(['asset_id', 'user_id', 'schedule_id']).doNothing())
      .execute();
  },
  async removeUserSchedules(db: DbOrTx, assetId: number, userId: number, scheduleIds: number[]) {
    await db
      .deleteFrom('asset_user_schedules')
      .where('asset_id', '=', assetId)
      .where('user_id', '=', userId)
      .where('schedule_id', 'in', scheduleIds)
      .execute();
  },

  // ---- lockers ----
  lockerById(db: DbOrTx, id: number) {
    return db
      .selectFrom('lockers as k')
      .innerJoin('places as p', 'p.id', 'k.place_id')
      .select([
        'k.id',
        'k.place_id',
        'p.name as place_name',
        'k.door_number',
        'k.size',
        'k.status',
        'k.door_status',
        'k.enabled',
      ])
      .where('k.id', '=', id)
      .executeTakeFirst();
  },
  lockerByDoor(db: DbOrTx, placeId: number, doorNumber: number) {
    return db
      .selectFrom('lockers')
      .select(['id', 'place_id', 'door_number'])
      .where('place_id', '=', placeId)
      .where('door_number', '=', doorNumber)
      .executeTakeFirst();
  },
  /** Free lockers (status 0, closed, enabled, no asset) of a place or any, closest size first. */
  freeLockers(db: DbOrTx, placeId: number | undefined) {
    let q = db
      .selectFrom('lockers as k')
      .select(['k.id', 'k.place_id', 'k.door_number', 'k.size'])
      .where('k.status', '=', 0)
      .where('k.door_status', '=', 2)
      .where('k.enabled', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('asset_lockers as al').select('al.asset_id').whereRef('al.locker_id', '=', 'k.id'),
          ),
        ),
      );
    if (placeId !== undefined) q = q.where('k.place_id', '=', placeId);
    return q.orderBy('k.place_id').orderBy('k.door_number').limit(500).execute();
  },
  async assetIdsInLocker(db: DbOrTx, lockerId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('asset_lockers')
      .select('asset_id')
      .where('locker_id', '=', lockerId)
      .execute();
    return rows.map((r) => r.asset_id);
  },
  async linkLocker(db: DbOrTx, assetId: number, lockerId: number, now: string) {
    await db
      .insertInto('asset_lockers')
      .values({ asset_id: assetId, locker_id: lockerId, created_at: now })
      .onConflict((oc) => oc.columns(['asset_id', 'locker_id']).doNothing())
      .execute();
  },
  async unlinkLockers(db: DbOrTx, assetId: number) {
    await db.deleteFrom('asset_lockers').where('asset_id', '=', assetId).execute();
  },
  async setLockerStatus(db: DbOrTx, lockerId: number, status: number, now: string) {
    await db.updateTable('lockers').set({ status, updated_at: now }).where('id', '=', lockerId).execute();
  },

  // ---- logs ----
  async insertLog(db: DbOrTx, row: Insertable<AssetLogsTable>) {
    await db.insertInto('asset_logs').values(row).execute();
  },
  listLogs(db: DbOrTx, f: AssetLogFilter, page: { limit: number; offset: number }) {
    return logFilters(db, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  },
  async countLogs(db: DbOrTx, f: AssetLogFilter): Promise<number> {
    const row = await logFilters(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
  },
  usesSince(db: DbOrTx, assetId: number, actions: number[], since: string) {
    return db
      .selectFrom('asset_logs')
      .select(['user_id', 'username', 'admin_id', 'admin_name', 'created_at'])
      .where('asset_id', '=', assetId)
      .where('action_id', 'in', actions)
      .where('created_at', '>=', since)
      .execute();
  },
  async countUses(db: DbOrTx, assetId: number, actions: number[]): Promise<number> {
    const row = await db
      .selectFrom('asset_logs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('asset_id', '=', assetId)
      .where('action_id', 'in', actions)
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
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
