import type { FastifyInstance } from 'fastify';
import {
  ADMIN_LOG_ACTION,
  type SchedulesFilter,
  type Schedule,
  type ScheduleFields,
  type SchedulesReply,
  type Weekday,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { refreshUsers } from './office-support.js';
import { schedulesRepository } from './schedules.repository.js';

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
      updatedAt: r.updated_at,
    }));
  }

  async list(q: SchedulesFilter): Promise<SchedulesReply> {
    const { rows, total } = await schedulesRepository.list(this.db, q);
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

  async update(actor: Account, id: number, f: ScheduleFields & { updatedAt: string }): Promise<Schedule> {
    if (!(await schedulesRepository.findById(this.db, id))) throw new AppError('notFound');
    await this.checkLinks(f);
    await this.db.transaction().execute(async (tx) => {
      await schedulesRepository.update(tx, id, f);
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
