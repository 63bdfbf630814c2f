import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ADMIN_LOG_ACTION,
  type ExpiredLockersExportQuery,
  type ExpiredLockersFilter,
  type OfficeLocker,
} from '@cacifo/contract';
import type { Db, Tx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { localTime, OFFICE_TIME_ZONE } from './access-decision.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { officeLockersRepository, type OfficeLockerFilter } from './lockers.repository.js';
import { refreshUsers } from './office-support.js';

/** UTC offset (ms) of the office time zone at `at`. */
function offsetAt(at: Date): number {
  const t = localTime(at, OFFICE_TIME_ZONE);
  const [y, m, d] = t.date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Math.floor(t.minutes / 60), t.minutes % 60);
  return wall - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** 23:59:59 of today in the office time zone, as an instant. */
export function endOfLocalDay(now: Date): Date {
  const [y, m, d] = localTime(now).date.split('-').map(Number) as [number, number, number];
  const wallEnd = Date.UTC(y, m - 1, d, 23, 59, 59);
  const guess = wallEnd - offsetAt(now);
  return new Date(wallEnd - offsetAt(new Date(guess)));
}

export type Extension = { hours: number } | { minutes: number } | { untilEndOfToday: true };

/**
 * New expiry: from now, or from the current expiry when that is still ahead. "Until the end of
 * today" never shortens: an expiry already later than today's end stays (issue #33).
 */
export function extendedExpiry(current: string | null, ext: Extension, now: Date): Date {
  const base = Math.max(now.getTime(), current ? Date.parse(current) : 0);
  if ('untilEndOfToday' in ext) return new Date(Math.max(endOfLocalDay(now).getTime(), base));
  const ms = 'hours' in ext ? ext.hours * 3_600_000 : ext.minutes * 60_000;
  return new Date(base + ms);
}

export class OfficeLockersService {
  private readonly db: Db;
  constructor(private readonly app: FastifyInstance) {
    this.db = app.db;
  }

  async list(f: OfficeLockerFilter): Promise<OfficeLocker[]> {
    const rows = await officeLockersRepository.list(this.db, f);
    const users = await officeLockersRepository.usersOf(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      placeId: r.place_id,
      placeName: r.placeName,
      doorNumber: r.door_number,
      size: r.size,
      status: r.status,
      doorStatus: r.door_status,
      enabled: r.enabled,
      accessibility: r.accessibility,
      expiration_date_time: r.expiration_date_time,
      locker_users: users.filter((u) => u.lockerId === r.id).map(({ id, name }) => ({ id, name })),
      available: Number(r.available) === 1,
    }));
  }

  /** The expired list (issue #22): filtered by location and user name, sorted on the server. */
  expired(f: Partial<ExpiredLockersFilter> = {}, now = new Date()) {
    return this.list({ ...f, expiredAt: now.toISOString() });
  }

  /** The filtered expired list as .xlsx or .csv (one chunk: never more rows than office lockers). */
  async exportExpired(reply: FastifyReply, q: ExpiredLockersExportQuery, now = new Date()) {
    const t = await exportLabels(q.language);
    const rows = await this.expired(q, now);
    async function* chunks() {
      yield rows;
    }
    const x = (key: string) => t(`office.${key}`);
    return sendExport(reply, {
      format: q.format,
      fileName: t('office.expired.exportFile'),
      sheetName: t('office.expired.exportSheet'),
      chunks: chunks(),
      columns: [
        { header: x('users.location'), value: (l) => l.placeName, width: 24 },
        { header: x('activity.door'), value: (l) => l.doorNumber, width: 8 },
        { header: x('expired.size'), value: (l) => l.size, width: 8 },
        { header: x('users.title'), value: (l) => l.locker_users.map((u) => u.name).join(', '), width: 40 },
        { header: x('expired.expiredAt'), value: (l) => l.expiration_date_time, width: 22 },
      ],
    });
  }

  private async assigned(lockerId: number): Promise<OfficeLocker> {
    const [locker] = await this.list({ lockerId });
    if (!locker) throw new AppError('notFound');
    if (locker.locker_users.length === 0) throw new AppError('ruleBroken', { reason: 'lockerNotAssigned' });
    return locker;
  }

  private async logEach(tx: Tx, actor: Account, locker: OfficeLocker, details: Record<string, unknown>) {
    for (const user of locker.locker_users) {
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.USER_UPDATED,
        user,
        locker: { id: locker.id, doorNumber: locker.doorNumber },
        place: { id: locker.placeId, name: locker.placeName },
        details,
      });
    }
  }

  async extend(
    actor: Account,
    { lockerId, ...ext }: Extension & { lockerId: number },
    now = new Date(),
  ): Promise<OfficeLocker> {
    const locker = await this.assigned(lockerId);
    const until = extendedExpiry(locker.expiration_date_time, ext, now).toISOString();
    await this.db.transaction().execute(async (tx) => {
      await officeLockersRepository.setExpiry(tx, lockerId, until);
      await this.logEach(tx, actor, locker, { lockerExtended: until });
    });
    refreshUsers(
      this.app,
      locker.locker_users.map((u) => u.id),
    );
    return (await this.list({ lockerId }))[0]!;
  }

  /** Releasing takes the office locker from its users; SPEC §5 asks for the admin's PIN. */
  async release(actor: Account, lockerId: number, pin: string): Promise<OfficeLocker> {
    const locker = await this.assigned(lockerId);
    await this.app.adminPin.verify(actor, pin);
    await this.db.transaction().execute(async (tx) => {
      await officeLockersRepository.release(tx, lockerId);
      await officeLockersRepository.setExpiry(tx, lockerId, null);
      await this.logEach(tx, actor, locker, { lockerReleased: true });
    });
    refreshUsers(
      this.app,
      locker.locker_users.map((u) => u.id),
    );
    return (await this.list({ lockerId }))[0]!;
  }
}
