import { sql } from 'kysely';
import type { ScheduleFields, SchedulesFilter } from '@cacifo/contract';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { DbOrTx } from '../../db/schema.js';
import { containsPattern, likeEscaped, toNumber } from '../../db/helpers.js';
import { sortTerms, type SortKey } from '../../db/keyset.js';

const scheduleColumns = (f: ScheduleFields) => ({
  name: f.name,
  start_time: f.startTime,
  end_time: f.endTime,
  start_date: f.startDate,
  end_date: f.endDate,
  weekdays: f.weekdays.join(','),
  user_group_id: f.userGroupId,
  place_id: f.placeId,
});

const SCHEDULE_SORT: Record<SchedulesFilter['sort'], SortKey> = {
  name: { ref: 's.name' },
  startTime: { ref: 's.start_time' },
  startDate: { ref: 's.start_date', nullable: true },
  createdAt: { ref: 's.created_at' },
};

export const schedulesRepository = {
  base(db: DbOrTx) {
    return db
      .selectFrom('schedules as s')
      .leftJoin('user_groups as g', 'g.id', 's.user_group_id')
      .leftJoin('places as p', 'p.id', 's.place_id');
  },
  /** The schedules list (issue #22): name (any case), group and location; whitelisted sort then id. */
  async list(db: DbOrTx, f: SchedulesFilter) {
    let q = this.base(db);
    if (f.search)
      q = q.where(likeEscaped(sql`lower(${sql.ref('s.name')})`, containsPattern(f.search.toLowerCase())));
    if (f.groupId) q = q.where('s.user_group_id', '=', f.groupId);
    if (f.placeId) q = q.where('s.place_id', '=', f.placeId);
    const [first, then] = sortTerms(SCHEDULE_SORT[f.sort], 's.id', f.order);
    const rows = await q
      .selectAll('s')
      .select(['g.name as groupName', 'p.name as placeName'])
      .orderBy(first)
      .orderBy(then)
      .limit(f.max_results)
      .offset(f.offset)
      .execute();
    const c = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return { rows, total: toNumber(c.n as number) };
  },
  findById(db: DbOrTx, id: number) {
    return this.base(db)
      .selectAll('s')
      .select(['g.name as groupName', 'p.name as placeName'])
      .where('s.id', '=', id)
      .executeTakeFirst();
  },
  async usersOf(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .selectFrom('user_schedules as us')
      .innerJoin('locker_users as u', 'u.id', 'us.user_id')
      .select(['us.schedule_id as scheduleId', 'u.id', 'u.name'])
      .where('us.schedule_id', 'in', ids)
      .orderBy('u.name')
      .execute();
  },
  async insert(db: DbOrTx, f: ScheduleFields, now: string) {
    const r = await db
      .insertInto('schedules')
      .values({ ...scheduleColumns(f), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },
  /** The fields, when the schedule is still at the `updatedAt` the editor read (else staleVersion). */
  async update(db: DbOrTx, id: number, f: ScheduleFields & { updatedAt: string }) {
    await updateIfUnchanged(db, 'schedules', { column: 'id', value: id }, f.updatedAt, scheduleColumns(f));
  },
  async delete(db: DbOrTx, id: number) {
    await db.deleteFrom('user_schedules').where('schedule_id', '=', id).execute();
    // Assets link schedules by id without a foreign key (assets area): those links go too.
    await db.deleteFrom('asset_schedules').where('schedule_id', '=', id).execute();
    await db.deleteFrom('asset_user_schedules').where('schedule_id', '=', id).execute();
    await db.deleteFrom('schedules').where('id', '=', id).execute();
  },
  async exists(db: DbOrTx, table: 'user_groups' | 'places', id: number) {
    return !!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
  },
};
