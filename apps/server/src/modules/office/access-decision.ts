import { ACCESS_REASON, USER_STATUS, type AccessReason } from '@cacifo/contract';

/**
 * The access decision: may this user open a locker at this location now, and which ones? Pure (no
 * database, no clock) so every edge (midnight, weekdays, date ranges, expiry) is tested directly.
 */

/** Office lockers are in Portugal; schedules are wall-clock times there. */
export const OFFICE_TIME_ZONE = 'Europe/Lisbon';

export interface AccessSchedule {
  id: number;
  startTime: string;
  endTime: string;
  startDate: string | null;
  endDate: string | null;
  weekdays: readonly number[];
  placeId: number | null;
}

interface AccessLocker {
  id: number;
  placeId: number;
  enabled: number;
  /** Assigned to the user directly (preferred when none is asked for), else through a group. */
  own: boolean;
}

export interface AccessSubject {
  enabled: number;
  status: string;
  validUntil: string | null;
  /** The user's own lockers and their groups' lockers, every location. */
  lockers: readonly AccessLocker[];
  /** The user's own schedules and their groups' schedules. None means no time restriction. */
  schedules: readonly AccessSchedule[];
}

export interface AccessRequest {
  placeId: number;
  at: Date;
  lockerId?: number;
  timeZone?: string;
}

export type AccessDecision =
  | { granted: true; lockerIds: number[]; scheduleId: number | null }
  | { granted: false; reason: AccessReason; retryAt?: string | null };

export interface LocalTime {
  date: string;
  /** ISO weekday, 1 Monday ... 7 Sunday. */
  weekday: number;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function weekdayOf(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Wall-clock date, weekday and minute of the day of `at` in `timeZone`. */
export function localTime(at: Date, timeZone = OFFICE_TIME_ZONE): LocalTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: weekdayOf(date), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const previousDate = (date: string) => addDays(date, -1);

/** The instant a wall-clock time in `timeZone` names (two corrections cover a DST change). */
function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const seen = localTime(new Date(guess), timeZone);
    guess += wall - (Date.parse(`${seen.date}T00:00:00Z`) + seen.minutes * 60_000);
  }
  return new Date(guess);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Does the schedule cover the shift that started on `date`? */
function coversDay(s: AccessSchedule, date: string): boolean {
  if (!s.weekdays.includes(weekdayOf(date))) return false;
  if (s.startDate && date < s.startDate) return false;
  if (s.endDate && date > s.endDate) return false;
  return true;
}

/**
 * Start inclusive, end exclusive. End before start is a shift crossing midnight: the hours after
 * midnight belong to the previous day's shift, so that day's weekday and date range decide. Equal
 * times mean the whole day.
 */
export function scheduleAllows(s: AccessSchedule, t: LocalTime, placeId: number): boolean {
  if (s.placeId !== null && s.placeId !== placeId) return false;
  const start = minutesOf(s.startTime);
  const end = minutesOf(s.endTime);
  if (start === end) return coversDay(s, t.date);
  if (start < end) return t.minutes >= start && t.minutes < end && coversDay(s, t.date);
  if (t.minutes >= start) return coversDay(s, t.date);
  return t.minutes < end && coversDay(s, previousDate(t.date));
}

/** How far ahead the next allowed time is looked for (date ranges may start months ahead). */
const LOOKAHEAD_DAYS = 400;

/**
 * The next moment one of these schedules lets the person in at this place (a shift's start), or
 * null when none ever will again (every date range over). Said at the kiosk to someone outside
 * their hours (issue #33).
 */
export function nextAllowedAt(
  schedules: readonly AccessSchedule[],
  at: Date,
  placeId: number,
  timeZone = OFFICE_TIME_ZONE,
): Date | null {
  const here = schedules.filter((s) => s.placeId === null || s.placeId === placeId);
  const t = localTime(at, timeZone);
  for (let i = 0; i <= LOOKAHEAD_DAYS && here.length > 0; i++) {
    const date = addDays(t.date, i);
    const starts = here
      .filter((s) => coversDay(s, date))
      .map((s) => minutesOf(s.startTime))
      .filter((m) => i > 0 || m > t.minutes);
    if (starts.length > 0) return zonedInstant(date, Math.min(...starts), timeZone);
  }
  return null;
}

/**
 * The person's office schedules (their own and their groups'): none, or one covering now, lets
 * them in; otherwise outside their hours, with when they may come back. One rule for opening a
 * locker and for taking or returning an asset at the office wall (issue #33).
 */
export function scheduleDecision(
  schedules: readonly AccessSchedule[],
  at: Date,
  placeId: number,
  timeZone = OFFICE_TIME_ZONE,
): { allowed: true; scheduleId: number | null } | { allowed: false; retryAt: string | null } {
  if (schedules.length === 0) return { allowed: true, scheduleId: null };
  const match = schedules.find((s) => scheduleAllows(s, localTime(at, timeZone), placeId));
  if (match) return { allowed: true, scheduleId: match.id };
  return { allowed: false, retryAt: nextAllowedAt(schedules, at, placeId, timeZone)?.toISOString() ?? null };
}

/** Why this person may open nothing at all now (disabled, not active, past validUntil), or null. */
export function personRefusal(
  subject: Pick<AccessSubject, 'enabled' | 'status' | 'validUntil'>,
  at: Date,
): AccessReason | null {
  if (!subject.enabled) return ACCESS_REASON.USER_DISABLED;
  if (subject.status !== USER_STATUS.ACTIVE) return ACCESS_REASON.USER_NOT_ACTIVE;
  if (subject.validUntil && Date.parse(subject.validUntil) <= at.getTime()) return ACCESS_REASON.USER_EXPIRED;
  return null;
}

/**
 * May a person who may retrieve an asset (as its user or through a group) take it now? Their own
 * schedules for that asset decide when they have some; else the asset's schedules; none: any time.
 */
export function assetSchedulesAllow(
  own: readonly AccessSchedule[],
  asset: readonly AccessSchedule[],
  t: LocalTime,
  placeId: number,
): boolean {
  const rules = own.length > 0 ? own : asset;
  return rules.length === 0 || rules.some((s) => scheduleAllows(s, t, placeId));
}

export function decideAccess(subject: AccessSubject, req: AccessRequest): AccessDecision {
  const refusal = personRefusal(subject, req.at);
  if (refusal) return { granted: false, reason: refusal };
  const here = subject.lockers.filter((l) => l.placeId === req.placeId && l.enabled === 1);
  if (here.length === 0) return { granted: false, reason: ACCESS_REASON.NO_LOCKER };
  // Own lockers first, then group lockers; each id once.
  const ordered = [...here.filter((l) => l.own), ...here.filter((l) => !l.own)];
  const lockerIds = [...new Set(ordered.map((l) => l.id))];
  if (req.lockerId !== undefined && !lockerIds.includes(req.lockerId)) {
    return { granted: false, reason: ACCESS_REASON.LOCKER_NOT_ALLOWED };
  }
  const hours = scheduleDecision(subject.schedules, req.at, req.placeId, req.timeZone);
  if (!hours.allowed)
    return { granted: false, reason: ACCESS_REASON.OUTSIDE_SCHEDULE, retryAt: hours.retryAt };
  return {
    granted: true,
    lockerIds: req.lockerId !== undefined ? [req.lockerId] : lockerIds,
    scheduleId: hours.scheduleId,
  };
}
