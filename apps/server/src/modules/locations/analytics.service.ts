import { isLockerAvailable, isLockerInUse, tileInput, type PlaceAnalytics } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { LockerInfoRegistry } from '../lockers/locker-info.js';
import { analyticsRepository as repo } from './analytics.repository.js';
import { locationsRepository } from './locations.repository.js';
import type { LocationsService } from './locations.service.js';

const DAY = 86_400_000;
/** Operators read hours and days in Portugal's time, whatever the server's zone. */
const TZ = 'Europe/Lisbon';
const hourFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' });
const dayFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const weekdayFmt = new Intl.DateTimeFormat('en-US', { timeZone: TZ, weekday: 'short' });
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Location analytics, computed from the recorded door events, never made up. */
export class AnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly locations: LocationsService,
    private readonly lockerInfo: LockerInfoRegistry,
  ) {}

  async place(placeId: number, now = new Date()): Promise<PlaceAnalytics> {
    if (!(await locationsRepository.placeById(this.db, placeId))) throw new AppError('notFound');
    const since = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    const windows = {} as PlaceAnalytics['windows'];
    for (const [key, days] of [
      ['last15Days', 15],
      ['last30Days', 30],
      ['last1Year', 365],
    ] as const) {
      const o = await repo.countOpenings(this.db, placeId, since(days));
      const alerts = await repo.alertsByStatus(this.db, placeId, since(days));
      windows[key] = {
        doorOpenings: o.openings,
        activeUsers: o.users,
        alerts: [...alerts.values()].reduce((a, b) => a + b, 0),
      };
    }

    const times = await repo.openingTimes(this.db, placeId, since(60));
    const byHour = Array<number>(24).fill(0);
    const byWeekday = Array<number>(7).fill(0);
    const dayKeys = Array.from({ length: 60 }, (_, i) =>
      dayFmt.format(new Date(now.getTime() - (59 - i) * DAY)),
    );
    const daily = new Map(dayKeys.map((k) => [k, 0]));
    const cut30 = since(30);
    for (const t of times) {
      const d = new Date(t);
      if (t >= cut30) {
        byHour[Number(hourFmt.format(d)) % 24]! += 1;
        byWeekday[WEEKDAYS.indexOf(weekdayFmt.format(d))]! += 1;
      }
      const key = dayFmt.format(d);
      if (daily.has(key)) daily.set(key, daily.get(key)! + 1);
    }
    const series = dayKeys.map((k) => daily.get(k)!);
    const previous = series.slice(0, 30);
    const current = series.slice(30);

    const top = await repo.topUsers(this.db, placeId, cut30, 10);
    const names = await this.lockerInfo.userNames(
      this.db,
      top.map((t) => t.userId),
    );
    const lockers = await this.locations.lockerViews(
      await locationsRepository.lockersOfPlace(this.db, placeId),
      placeId,
    );
    const bySize: Record<string, number> = {};
    for (const l of lockers) bySize[l.size] = (bySize[l.size] ?? 0) + 1;
    const alerts30 = await repo.alertsByStatus(this.db, placeId, cut30);

    return {
      placeId,
      windows,
      doorOpeningsDistribution: { byHour, byWeekday },
      doorOpeningsPerUser: top.map((t) => ({ ...t, name: names.get(t.userId) ?? `#${t.userId}` })),
      users: windows.last1Year.activeUsers,
      lockers: {
        total: lockers.length,
        bySize,
        available: lockers.filter((l) => isLockerAvailable(tileInput(l))).length,
        occupied: lockers.filter((l) => isLockerInUse(tileInput(l))).length,
      },
      reports: {
        alerts: windows.last30Days.alerts,
        openedWithoutCommand: alerts30.get(1) ?? 0,
        jammed: alerts30.get(3) ?? 0,
        leftOpen: alerts30.get(11) ?? 0,
        failedCommands: await repo.failedCommands(this.db, placeId, cut30),
      },
      comparison: {
        current,
        previous,
        currentTotal: current.reduce((a, b) => a + b, 0),
        previousTotal: previous.reduce((a, b) => a + b, 0),
      },
    };
  }
}
