import { OFFICE_TIME_ZONE, localTime, type AccessSchedule } from '../office/access-decision.js';

/** How far ahead a wall holds office windows: the minute sweep republishes long before they end. */
const DAYS_AHEAD = 7;
const DAY_MS = 86_400_000;
/** The contract's limit of windows per credential. */
const MAX_WINDOWS = 64;

export interface Window {
  from: number;
  until: number;
}

/** The offset of `timeZone` from UTC at instant `t`, in ms (Lisbon: 0 or +1 h). */
function offsetAt(t: number, timeZone: string): number {
  const l = localTime(new Date(t), timeZone);
  const asUtc = Date.parse(`${l.date}T00:00:00Z`) + l.minutes * 60_000;
  return asUtc - Math.floor(t / 60_000) * 60_000;
}

/** The instant of wall-clock `minutes` after midnight of `date` in `timeZone`. */
function instantOf(date: string, minutes: number, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The schedules as instants a controller compares with its clock (issue #32): each schedule's
 * shifts from yesterday to a week ahead, the same rules as the kiosk's decision (start included,
 * end excluded, end before start crosses midnight, equal times the whole day), merged, capped by
 * `until` (a user's validity). No schedules: always, until `until`.
 */
export function scheduleWindows(
  schedules: readonly AccessSchedule[],
  placeId: number,
  now: number,
  until: number,
  timeZone = OFFICE_TIME_ZONE,
): Window[] {
  if (schedules.length === 0) return until > now ? [{ from: 0, until }] : [];
  const today = localTime(new Date(now), timeZone).date;
  const windows: Window[] = [];
  for (const s of schedules) {
    if (s.placeId !== null && s.placeId !== placeId) continue;
    for (let d = -1; d <= DAYS_AHEAD; d++) {
      const date = addDays(today, d);
      if (!s.weekdays.includes(weekdayOf(date))) continue;
      if ((s.startDate && date < s.startDate) || (s.endDate && date > s.endDate)) continue;
      const start = minutesOf(s.startTime);
      const end = minutesOf(s.endTime);
      const from = instantOf(date, start === end ? 0 : start, timeZone);
      const to =
        start < end
          ? instantOf(date, end, timeZone)
          : instantOf(addDays(date, 1), start === end ? 0 : end, timeZone);
      windows.push({ from, until: Math.min(to, until) });
    }
  }
  const merged: Window[] = [];
  for (const w of windows.filter((x) => x.until > Math.max(x.from, now)).sort((a, b) => a.from - b.from)) {
    const last = merged.at(-1);
    if (last && w.from <= last.until) last.until = Math.max(last.until, w.until);
    else merged.push({ ...w });
  }
  return merged.slice(0, MAX_WINDOWS);
}
