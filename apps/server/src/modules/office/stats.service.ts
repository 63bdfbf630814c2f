import {
  ALERT_DOOR_STATUSES,
  DOOR_STATUS,
  type ActivityExportQuery,
  type ActivityFilter,
  type ActivityReply,
  type OfficeDashboard,
  type UserKpis,
  type WindowCounts,
} from '@cacifo/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { localTime } from './access-decision.js';
import { exportActivity } from './activity-export.js';
import { activityListRepository } from './activity-list.repository.js';
import { statsRepository } from './stats.repository.js';
import { usersRepository } from './users.repository.js';

const DAY = 86_400_000;
const daysAgo = (now: Date, n: number) => new Date(now.getTime() - n * DAY).toISOString();
const isAlert = (s: number) => (ALERT_DOOR_STATUSES as readonly number[]).includes(s);

/** The last `n` local dates, oldest first. */
function lastDates(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => localTime(new Date(now.getTime() - (n - 1 - i) * DAY)).date);
}

function windows(times: string[], now: Date): WindowCounts {
  const y = daysAgo(now, 365);
  const d30 = daysAgo(now, 30);
  const d15 = daysAgo(now, 15);
  return {
    last1Year: times.filter((t) => t >= y).length,
    last30Days: times.filter((t) => t >= d30).length,
    last15Days: times.filter((t) => t >= d15).length,
    total: times.length,
  };
}

export class StatsService {
  constructor(private readonly db: Db) {}

  /** User KPIs (SPEC §3) from door events: openings by the user, alerts on their doors, time open. */
  async userKpis(userId: number, now = new Date()): Promise<UserKpis> {
    if (!(await usersRepository.findById(this.db, userId))) throw new AppError('notFound');
    const lockerIds = await usersRepository.lockerIdsOf(this.db, userId);
    const [openings, alerts, recent] = await Promise.all([
      statsRepository.openingsBy(this.db, userId),
      statsRepository.alertsFor(this.db, userId, lockerIds),
      statsRepository.recentEvents(this.db, userId, 10),
    ]);
    const yearAgo = daysAgo(now, 365);
    const openedLockers = [
      ...new Set(openings.filter((o) => o.created_at >= yearAgo && o.locker_id).map((o) => o.locker_id!)),
    ];
    const lockerEvents = await statsRepository.lockerEventsSince(this.db, openedLockers, yearAgo);

    // An opening by the user lasts until the next event of that locker that is not "open".
    const mine = new Set(openings.map((o) => o.id));
    const durations: Array<{ at: string; seconds: number }> = [];
    const byLocker = new Map<number, typeof lockerEvents>();
    for (const e of lockerEvents) byLocker.set(e.locker_id!, [...(byLocker.get(e.locker_id!) ?? []), e]);
    for (const events of byLocker.values()) {
      events.forEach((e, i) => {
        if (!mine.has(e.id)) return;
        const end = events.slice(i + 1).find((n) => n.door_status !== DOOR_STATUS.OPEN);
        const until = end
          ? Date.parse(end.created_at)
          : Math.min(now.getTime(), Date.parse(e.created_at) + DAY);
        durations.push({
          at: e.created_at,
          seconds: Math.max(0, Math.round((until - Date.parse(e.created_at)) / 1000)),
        });
      });
    }
    const sum = (since: string) => durations.filter((d) => d.at >= since).reduce((a, d) => a + d.seconds, 0);

    const dates = lastDates(now, 30);
    const day = (iso: string) => localTime(new Date(iso)).date;
    const reports = dates.map((date) => ({
      date,
      openings: openings.filter((o) => day(o.created_at) === date).length,
      alerts: alerts.filter((a) => day(a.created_at) === date).length,
      secondsOpen: durations.filter((d) => day(d.at) === date).reduce((a, d) => a + d.seconds, 0),
    }));
    return {
      recentActions: recent.map((r) => ({
        id: r.id,
        at: r.created_at,
        placeName: r.placeName ?? null,
        doorNumber: r.door_number,
        doorStatus: r.door_status,
        commanded: r.commanded ? 1 : 0,
      })),
      reports,
      timeSpentWithDoorOpen: { last1Year: sum(yearAgo), last30Days: sum(daysAgo(now, 30)) },
      doorOpenings: windows(
        openings.map((o) => o.created_at),
        now,
      ),
      doorAlerts: windows(
        alerts.map((a) => a.created_at),
        now,
      ),
    };
  }

  async dashboard(now = new Date()): Promise<OfficeDashboard> {
    const since = daysAgo(now, 30);
    const [users, lockers, events, denied, top] = await Promise.all([
      statsRepository.userCounts(this.db),
      statsRepository.officeLockers(this.db),
      statsRepository.officeOpeningsSince(this.db, since),
      statsRepository.deniedSince(this.db, since),
      statsRepository.topUsers(this.db, since, 10),
    ]);
    const nowIso = now.toISOString();
    const today = localTime(now).date;
    const day = (iso: string) => localTime(new Date(iso)).date;
    const d15 = daysAgo(now, 15);
    return {
      users,
      lockers: {
        total: lockers.length,
        assigned: lockers.filter((l) => l.users > 0).length,
        // The one availability rule (docs/adr/0070): the same numbers as the grids and Home.
        inUse: lockers.filter((l) => l.inUse).length,
        free: lockers.filter((l) => l.available).length,
        expired: lockers.filter(
          (l) => l.users > 0 && l.expiration_date_time !== null && l.expiration_date_time <= nowIso,
        ).length,
        open: lockers.filter((l) => l.door_status === DOOR_STATUS.OPEN).length,
        alerts: lockers.filter((l) => isAlert(l.door_status)).length,
      },
      openings: {
        today: events.filter((e) => day(e) === today).length,
        last15Days: events.filter((e) => e >= d15).length,
        last30Days: events.length,
      },
      accessDenied: { today: denied.filter((e) => day(e) === today).length, last30Days: denied.length },
      daily: lastDates(now, 15).map((date) => ({
        date,
        openings: events.filter((e) => day(e) === date).length,
        denied: denied.filter((e) => day(e) === date).length,
      })),
      topUsers: top,
    };
  }

  activity(q: ActivityFilter): Promise<ActivityReply> {
    return activityListRepository.page(this.db, q);
  }

  /** The filtered events, in the list's order, as .xlsx or .csv (streamed; see activity-export.ts). */
  exportActivity(reply: FastifyReply, q: ActivityExportQuery): Promise<FastifyReply> {
    return exportActivity(this.db, reply, q);
  }
}
