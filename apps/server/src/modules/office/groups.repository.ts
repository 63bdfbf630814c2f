import { sql } from 'kysely';
import type { GroupsFilter } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { containsPattern, likeEscaped, toNumber } from '../../db/helpers.js';
import { sortTerms, type SortKey } from '../../db/keyset.js';
import { LOCKER_REF_COLUMNS } from './user-relations.repository.js';

const GROUP_SORT: Record<GroupsFilter['sort'], SortKey> = {
  name: { ref: 'name' },
  createdAt: { ref: 'created_at' },
};

export const groupsRepository = {
  /** The groups list (issue #22): name search in any case, sorted by a whitelisted column then id. */
  async list(db: DbOrTx, f: GroupsFilter) {
    let q = db.selectFrom('user_groups');
    if (f.search)
      q = q.where(likeEscaped(sql`lower(${sql.ref('name')})`, containsPattern(f.search.toLowerCase())));
    const [first, then] = sortTerms(GROUP_SORT[f.sort], 'id', f.order);
    const rows = await q
      .selectAll()
      .orderBy(first)
      .orderBy(then)
      .limit(f.max_results)
      .offset(f.offset)
      .execute();
    const c = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return { rows, total: toNumber(c.n as number) };
  },
  findById(db: DbOrTx, id: number) {
    return db.selectFrom('user_groups').selectAll().where('id', '=', id).executeTakeFirst();
  },
  findByName(db: DbOrTx, name: string) {
    return db
      .selectFrom('user_groups')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  },
  async insert(db: DbOrTx, name: string, description: string | null, now: string) {
    const r = await db
      .insertInto('user_groups')
      .values({ name, description, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },
  async setLockers(db: DbOrTx, groupId: number, lockerIds: number[]) {
    await db.deleteFrom('user_group_lockers').where('group_id', '=', groupId).execute();
    if (lockerIds.length > 0) {
      await db
        .insertInto('user_group_lockers')
        .values(lockerIds.map((locker_id) => ({ group_id: groupId, locker_id })))
        .execute();
    }
  },
  async delete(db: DbOrTx, id: number) {
    await db.deleteFrom('user_group_members').where('group_id', '=', id).execute();
    await db.deleteFrom('user_group_lockers').where('group_id', '=', id).execute();
    await db.deleteFrom('asset_groups').where('group_id', '=', id).execute();
    await db.updateTable('schedules').set({ user_group_id: null }).where('user_group_id', '=', id).execute();
    await db.deleteFrom('user_groups').where('id', '=', id).execute();
  },
  async lockersOf(db: DbOrTx, groupIds: number[]) {
    if (groupIds.length === 0) return [];
    return db
      .selectFrom('user_group_lockers as gl')
      .innerJoin('lockers as l', 'l.id', 'gl.locker_id')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select(['gl.group_id as groupId', ...LOCKER_REF_COLUMNS])
      .where('gl.group_id', 'in', groupIds)
      .orderBy('p.name')
      .orderBy('l.door_number')
      .execute();
  },
  async membersOf(db: DbOrTx, groupIds: number[]) {
    if (groupIds.length === 0) return [];
    return db
      .selectFrom('user_group_members as m')
      .innerJoin('locker_users as u', 'u.id', 'm.user_id')
      .select(['m.group_id as groupId', 'u.id', 'u.name'])
      .where('m.group_id', 'in', groupIds)
      .orderBy('u.name')
      .execute();
  },
  async schedulesOf(db: DbOrTx, groupIds: number[]) {
    if (groupIds.length === 0) return [];
    return db
      .selectFrom('schedules')
      .select(['user_group_id as groupId', 'id', 'name'])
      .where('user_group_id', 'in', groupIds)
      .orderBy('name')
      .execute();
  },
  async addMembers(db: DbOrTx, userId: number, groupIds: number[], now: string) {
    await db
      .insertInto('user_group_members')
      .values(groupIds.map((group_id) => ({ group_id, user_id: userId, created_at: now })))
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
  },
  async removeMembers(db: DbOrTx, userId: number, groupIds: number[]) {
    await db
      .deleteFrom('user_group_members')
      .where('user_id', '=', userId)
      .where('group_id', 'in', groupIds)
      .execute();
  },
  async addUserSchedules(db: DbOrTx, userId: number, scheduleIds: number[], now: string) {
    await db
      .insertInto('user_schedules')
      .values(scheduleIds.map((schedule_id) => ({ schedule_id, user_id: userId, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'schedule_id']).doNothing())
      .execute();
  },
  async removeUserSchedules(db: DbOrTx, userId: number, scheduleIds: number[]) {
    await db
      .deleteFrom('user_schedules')
      .where('user_id', '=', userId)
      .where('schedule_id', 'in', scheduleIds)
      .execute();
  },
  async userLockerIds(db: DbOrTx, userId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('user_lockers')
      .select('locker_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.locker_id);
  },
  async groupLockerIds(db: DbOrTx, groupId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('user_group_lockers')
      .select('locker_id')
      .where('group_id', '=', groupId)
      .execute();
    return rows.map((r) => r.locker_id);
  },
  async addUserLockers(db: DbOrTx, userId: number, lockerIds: number[], now: string) {
    await db
      .insertInto('user_lockers')
      .values(lockerIds.map((locker_id) => ({ locker_id, user_id: userId, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'locker_id']).doNothing())
      .execute();
  },
  async removeUserLockers(db: DbOrTx, userId: number, lockerIds: number[]) {
    await db
      .deleteFrom('user_lockers')
      .where('user_id', '=', userId)
      .where('locker_id', 'in', lockerIds)
      .execute();
  },
  async setLockerExpiry(db: DbOrTx, lockerIds: number[], expiresAt: string | null, now: string) {
    await db
      .updateTable('lockers')
      .set({ expiration_date_time: expiresAt, updated_at: now })
      .where('id', 'in', lockerIds)
      .execute();
  },
};
