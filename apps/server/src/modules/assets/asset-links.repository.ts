import type { DbOrTx } from '../../db/schema.js';
import { office } from './asset-filters.repository.js';

/** Who may retrieve an asset, its schedules and its lockers: Kysely queries only. */
export const assetLinksRepository = {
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
};
