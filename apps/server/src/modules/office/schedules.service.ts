import type { FastifyInstance } from 'fastify';
import {
  ADMIN_LOG_ACTION,
  type Schedule,
  type ScheduleFields,
  type SchedulesReply,
  type Weekday,
} from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso, toNumber } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../plugins/auth.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { refreshUsers } from './office-support.js';

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

export const schedulesRepository = {
  base(db: DbOrTx) {
    return db
      .selectFrom('schedules as s')
      .leftJoin('user_groups as g', 'g.id', 's.user_group_id')
      .leftJoin('places as p', 'p.id', 's.place_id');
  },
  async list(db: DbOrTx, f: { limit: number; offset: number; search?: string }) {
    let q = this.base(db);
    if (f.search) q = q.where((eb) => eb(eb.fn('lower', ['s.name']), 'like', `%${f.search!.toLowerCase()}%`));
    const rows = await q
      .selectAll('s')
      .select(['g.name as groupName', 'p.name as placeName'])
      .orderBy('s.name')
      .orderBy('s.id')
      .limit(f.limit)
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
  async update(db: DbOrTx, id: number, f: ScheduleFields, now: string) {
    await db
      .updateTable('schedules')
      .set({ ...scheduleColumns(f), updated_at: now })
      .where('id', '=', id)
      .execute();
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

type Row = NonNullable<Awaited<ReturnType<typeof schedulesRepository.findById>>>;

export function parseWeekdays(s: string): Weekday[] {
  return s
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n): n is Weekday => n >= 1 && n <= 7);
}

export class SchedulesService {
  private readonly db: Db;
  constructor(private readonly app: FastifyInstance) {
    this.db = app.db;
  }

  private async hydrate(rows: Row[]): Promise<Schedule[]> {
    const users = await schedulesRepository.usersOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      startTime: r.start_time,
      endTime: r.end_time,
      startDate: r.start_date,
      endDate: r.end_date,
      weekdays: parseWeekdays(r.weekdays),
      userGroupId: r.user_group_id,
      userGroupName: r.groupName ?? null,
      placeId: r.place_id,
      placeName: r.placeName ?? null,
      users: users.filter((u) => u.scheduleId === r.id).map(({ id, name }) => ({ id, name })),
      createdAt: r.created_at,
    }));
  }

  async list(f: { limit: number; offset: number; search?: string }): Promise<SchedulesReply> {
    const { rows, total } = await schedulesRepository.list(this.db, f);
    return { schedules: await this.hydrate(rows), totalSchedules: total };
  }

  async get(id: number): Promise<Schedule> {
    const row = await schedulesRepository.findById(this.db, id);
    if (!row) throw new AppError('notFound');
    return (await this.hydrate([row]))[0]!;
  }

  private async checkLinks(f: ScheduleFields) {
    if (
      f.userGroupId !== null &&
      !(await schedulesRepository.exists(this.db, 'user_groups', f.userGroupId))
    ) {
      throw new AppError('notFound', { field: 'userGroupId' });
    }
    if (f.placeId !== null && !(await schedulesRepository.exists(this.db, 'places', f.placeId))) {
      throw new AppError('notFound', { field: 'placeId' });
    }
  }

  async create(actor: Account, f: ScheduleFields): Promise<Schedule> {
    await this.checkLinks(f);
    const id = await this.db.transaction().execute(async (tx) => {
      const id = await schedulesRepository.insert(tx, f, nowIso());
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.SCHEDULE_CREATED,
        details: { scheduleId: id, name: f.name },
      });
      return id;
    });
    return this.get(id);
  }

  async update(actor: Account, id: number, f: ScheduleFields): Promise<Schedule> {
    if (!(await schedulesRepository.findById(this.db, id))) throw new AppError('notFound');
    await this.checkLinks(f);
    await this.db.transaction().execute(async (tx) => {
      await schedulesRepository.update(tx, id, f, nowIso());
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.SCHEDULE_UPDATED,
        details: { scheduleId: id, name: f.name },
      });
    });
    const s = await this.get(id);
    refreshUsers(
      this.app,
      s.users.map((u) => u.id),
    );
    return s;
  }

  async remove(actor: Account, id: number): Promise<null> {
    const s = await this.get(id);
    await this.db.transaction().execute(async (tx) => {
      await schedulesRepository.delete(tx, id);
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.SCHEDULE_DELETED,
        details: { scheduleId: id, name: s.name },
      });
    });
    refreshUsers(
      this.app,
      s.users.map((u) => u.id),
    );
    return null;
  }
}
