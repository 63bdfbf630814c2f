import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  localTime,
  nextAllowedAt,
  scheduleAllows,
  type AccessSchedule,
  type AccessSubject,
} from './access-decision.js';
import { endOfLocalDay, extendedExpiry } from './lockers.service.js';

const PLACE = 1;
const OTHER_PLACE = 2;
const WEEKDAYS = [1, 2, 3, 4, 5];
// January: Lisbon is on UTC, so wall clock = the Z time. 2026-01-05 is a Monday.
const at = (iso: string) => new Date(iso);

function schedule(over: Partial<AccessSchedule> = {}): AccessSchedule {
  return {
    id: 1,
    startTime: '08:00',
    endTime: '18:00',
    startDate: null,
    endDate: null,
    weekdays: WEEKDAYS,
    placeId: null,
    ...over,
  };
}

function subject(over: Partial<AccessSubject> = {}): AccessSubject {
  return {
    enabled: 1,
    status: 'active',
    validUntil: null,
    lockers: [
      { id: 10, placeId: PLACE, enabled: 1, own: false },
      { id: 11, placeId: PLACE, enabled: 1, own: true },
      { id: 20, placeId: OTHER_PLACE, enabled: 1, own: true },
    ],
    schedules: [],
    ...over,
  };
}

const allows = (s: AccessSchedule, iso: string, placeId = PLACE) =>
  scheduleAllows(s, localTime(at(iso)), placeId);

describe('localTime', () => {
  it('reads wall-clock time in Lisbon, winter and summer', () => {
    expect(localTime(at('2026-01-05T08:30:00Z'))).toEqual({ date: '2026-01-05', weekday: 1, minutes: 510 });
    // Summer time: UTC+1, so 23:30Z is already Tuesday 00:30 in Lisbon.
    expect(localTime(at('2026-07-06T23:30:00Z'))).toEqual({ date: '2026-07-07', weekday: 2, minutes: 30 });
    expect(localTime(at('2026-01-11T12:00:00Z')).weekday).toBe(7);
  });
});

describe('scheduleAllows', () => {
  it('takes the start minute and refuses the end minute', () => {
    const s = schedule();
    expect(allows(s, '2026-01-05T07:59:00Z')).toBe(false);
    expect(allows(s, '2026-01-05T08:00:00Z')).toBe(true);
    expect(allows(s, '2026-01-05T17:59:00Z')).toBe(true);
    expect(allows(s, '2026-01-05T18:00:00Z')).toBe(false);
  });

  it('follows weekdays', () => {
    expect(allows(schedule(), '2026-01-09T10:00:00Z')).toBe(true); // Friday
    expect(allows(schedule(), '2026-01-10T10:00:00Z')).toBe(false); // Saturday
    expect(allows(schedule({ weekdays: [6, 7] }), '2026-01-11T10:00:00Z')).toBe(true); // Sunday
  });

  it('keeps inside the date range, both ends included', () => {
    const s = schedule({ startDate: '2026-01-06', endDate: '2026-01-08' });
    expect(allows(s, '2026-01-05T10:00:00Z')).toBe(false);
    expect(allows(s, '2026-01-06T10:00:00Z')).toBe(true);
    expect(allows(s, '2026-01-08T10:00:00Z')).toBe(true);
    expect(allows(s, '2026-01-09T10:00:00Z')).toBe(false);
    expect(allows(schedule({ startDate: '2026-01-06' }), '2026-03-02T10:00:00Z')).toBe(true);
    expect(allows(schedule({ endDate: '2026-01-06' }), '2025-12-01T10:00:00Z')).toBe(true);
  });

  it('crosses midnight: the hours after midnight belong to the shift of the day before', () => {
    const night = schedule({ startTime: '22:00', endTime: '06:00', weekdays: [5] }); // Friday nights
    expect(allows(night, '2026-01-09T21:59:00Z')).toBe(false);
    expect(allows(night, '2026-01-09T22:00:00Z')).toBe(true); // Friday 22:00
    expect(allows(night, '2026-01-09T23:59:00Z')).toBe(true);
    expect(allows(night, '2026-01-10T00:00:00Z')).toBe(true); // Saturday 00:00, Friday's shift
    expect(allows(night, '2026-01-10T05:59:00Z')).toBe(true);
    expect(allows(night, '2026-01-10T06:00:00Z')).toBe(false);
    expect(allows(night, '2026-01-10T22:30:00Z')).toBe(false); // Saturday night is not in it
    expect(allows(night, '2026-01-09T03:00:00Z')).toBe(false); // Friday early = Thursday's shift
  });

  it('crossing midnight on the last day of the range still ends the next morning', () => {
    const s = schedule({
      startTime: '22:00',
      endTime: '06:00',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      endDate: '2026-01-05',
    });
    expect(allows(s, '2026-01-06T02:00:00Z')).toBe(true);
    expect(allows(s, '2026-01-06T23:00:00Z')).toBe(false);
    const starts = schedule({
      startTime: '22:00',
      endTime: '06:00',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startDate: '2026-01-05',
    });
    expect(allows(starts, '2026-01-05T02:00:00Z')).toBe(false);
  });

  it('treats equal start and end as the whole day', () => {
    const s = schedule({ startTime: '00:00', endTime: '00:00' });
    expect(allows(s, '2026-01-05T00:00:00Z')).toBe(true);
    expect(allows(s, '2026-01-05T23:59:00Z')).toBe(true);
    expect(allows(s, '2026-01-10T12:00:00Z')).toBe(false);
  });

  it('applies only at its location when it has one', () => {
    const s = schedule({ placeId: OTHER_PLACE });
    expect(allows(s, '2026-01-05T10:00:00Z', PLACE)).toBe(false);
    expect(allows(s, '2026-01-05T10:00:00Z', OTHER_PLACE)).toBe(true);
  });

  it('uses Lisbon summer time for the hours', () => {
    // 07:30Z in July is 08:30 in Lisbon.
    expect(allows(schedule(), '2026-07-06T07:30:00Z')).toBe(true);
    expect(allows(schedule(), '2026-07-06T06:30:00Z')).toBe(false);
  });
});

describe('decideAccess', () => {
  const monday10 = { placeId: PLACE, at: at('2026-01-05T10:00:00Z') };

  it('grants the lockers at this location, own ones first, when there are no schedules', () => {
    expect(decideAccess(subject(), monday10)).toEqual({
      granted: true,
      lockerIds: [11, 10],
      scheduleId: null,
    });
  });

  it('refuses a disabled, a suspended and an expired user', () => {
    expect(decideAccess(subject({ enabled: 0 }), monday10)).toEqual({
      granted: false,
      reason: 'userDisabled',
    });
    expect(decideAccess(subject({ status: 'suspended' }), monday10)).toEqual({
      granted: false,
      reason: 'userNotActive',
    });
    expect(decideAccess(subject({ validUntil: '2026-01-05T10:00:00.000Z' }), monday10)).toEqual({
      granted: false,
      reason: 'userExpired',
    });
    expect(decideAccess(subject({ validUntil: '2026-01-05T10:00:01.000Z' }), monday10).granted).toBe(true);
  });

  it('refuses without a locker here, and a locker not theirs', () => {
    expect(decideAccess(subject(), { ...monday10, placeId: 3 })).toEqual({
      granted: false,
      reason: 'noLocker',
    });
    const disabled = subject({ lockers: [{ id: 11, placeId: PLACE, enabled: 0, own: true }] });
    expect(decideAccess(disabled, monday10)).toEqual({ granted: false, reason: 'noLocker' });
    expect(decideAccess(subject(), { ...monday10, lockerId: 20 })).toEqual({
      granted: false,
      reason: 'lockerNotAllowed',
    });
    expect(decideAccess(subject(), { ...monday10, lockerId: 10 })).toEqual({
      granted: true,
      lockerIds: [10],
      scheduleId: null,
    });
  });

  it('with schedules, needs one that matches now', () => {
    const s = subject({
      schedules: [schedule({ id: 7 }), schedule({ id: 8, startTime: '20:00', endTime: '23:00' })],
    });
    expect(decideAccess(s, monday10)).toMatchObject({ granted: true, scheduleId: 7 });
    expect(decideAccess(s, { ...monday10, at: at('2026-01-05T21:00:00Z') })).toMatchObject({
      granted: true,
      scheduleId: 8,
    });
    // Outside: told when they may come back (the next shift's start).
    expect(decideAccess(s, { ...monday10, at: at('2026-01-05T19:00:00Z') })).toEqual({
      granted: false,
      reason: 'outsideSchedule',
      retryAt: '2026-01-05T20:00:00.000Z',
    });
    // Saturday: Monday 08:00.
    expect(decideAccess(s, { ...monday10, at: at('2026-01-10T10:00:00Z') })).toEqual({
      granted: false,
      reason: 'outsideSchedule',
      retryAt: '2026-01-12T08:00:00.000Z',
    });
  });

  it('a schedule of another location does not open this one', () => {
    const s = subject({ schedules: [schedule({ placeId: OTHER_PLACE })] });
    expect(decideAccess(s, monday10)).toEqual({ granted: false, reason: 'outsideSchedule', retryAt: null });
    expect(decideAccess(s, { ...monday10, placeId: OTHER_PLACE })).toMatchObject({
      granted: true,
      lockerIds: [20],
    });
  });
});

describe('nextAllowedAt', () => {
  it('is the next shift start here, in Lisbon wall-clock time, or null when none comes', () => {
    const nine = schedule({ startTime: '09:00', endTime: '17:00' });
    // Monday 18:00 -> Tuesday 09:00; Friday evening -> Monday.
    expect(nextAllowedAt([nine], at('2026-01-05T18:00:00Z'), PLACE)?.toISOString()).toBe(
      '2026-01-06T09:00:00.000Z',
    );
    expect(nextAllowedAt([nine], at('2026-01-09T18:00:00Z'), PLACE)?.toISOString()).toBe(
      '2026-01-12T09:00:00.000Z',
    );
    // Before today's start: today. Summer time: 09:00 in Lisbon is 08:00Z.
    expect(nextAllowedAt([nine], at('2026-07-06T06:00:00Z'), PLACE)?.toISOString()).toBe(
      '2026-07-06T08:00:00.000Z',
    );
    // A date range starting later; one already over; another location's schedule.
    const later = schedule({ startDate: '2026-03-02' });
    expect(nextAllowedAt([later], at('2026-01-05T10:00:00Z'), PLACE)?.toISOString()).toBe(
      '2026-03-02T08:00:00.000Z',
    );
    expect(
      nextAllowedAt([schedule({ endDate: '2026-01-01' })], at('2026-01-05T10:00:00Z'), PLACE),
    ).toBeNull();
    expect(nextAllowedAt([schedule({ placeId: OTHER_PLACE })], at('2026-01-05T10:00:00Z'), PLACE)).toBeNull();
  });
});

describe('expired locker extension', () => {
  const now = at('2026-01-05T10:00:00Z');
  it('adds hours or minutes from now, or from a later current expiry', () => {
    expect(extendedExpiry('2026-01-05T09:00:00.000Z', { hours: 2 }, now).toISOString()).toBe(
      '2026-01-05T12:00:00.000Z',
    );
    expect(extendedExpiry(null, { minutes: 45 }, now).toISOString()).toBe('2026-01-05T10:45:00.000Z');
    expect(extendedExpiry('2026-01-05T11:00:00.000Z', { hours: 1 }, now).toISOString()).toBe(
      '2026-01-05T12:00:00.000Z',
    );
  });
  it('ends today at 23:59:59 Lisbon time, winter and summer', () => {
    expect(extendedExpiry(null, { untilEndOfToday: true }, now).toISOString()).toBe(
      '2026-01-05T23:59:59.000Z',
    );
    // Never shorter than an expiry already later (issue #33); an earlier one is taken to today's end.
    expect(extendedExpiry('2026-01-07T08:00:00.000Z', { untilEndOfToday: true }, now).toISOString()).toBe(
      '2026-01-07T08:00:00.000Z',
    );
    expect(extendedExpiry('2026-01-05T12:00:00.000Z', { untilEndOfToday: true }, now).toISOString()).toBe(
      '2026-01-05T23:59:59.000Z',
    );
    expect(endOfLocalDay(at('2026-07-06T10:00:00Z')).toISOString()).toBe('2026-07-06T22:59:59.000Z');
    // 23:30Z on 6 July is already 7 July in Lisbon.
    expect(endOfLocalDay(at('2026-07-06T23:30:00Z')).toISOString()).toBe('2026-07-07T22:59:59.000Z');
  });
});
