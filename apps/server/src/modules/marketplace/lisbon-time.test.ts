import { describe, expect, it } from 'vitest';
import { isOpenAt, lisbonDayStartIso, lisbonParts } from './lisbon-time.js';

describe('marketplace Lisbon time', () => {
  it('reads Lisbon local date and time in winter and summer', () => {
    expect(lisbonParts(new Date('2026-01-15T23:30:00Z'))).toEqual({ date: '2026-01-15', time: '23:30' });
    expect(lisbonParts(new Date('2026-07-15T23:30:00Z'))).toEqual({ date: '2026-07-16', time: '00:30' });
  });
  it('finds the start of the Lisbon day', () => {
    expect(lisbonDayStartIso(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-15T23:00:00.000Z');
    expect(lisbonDayStartIso(new Date('2026-01-15T10:05:30Z'))).toBe('2026-01-15T00:00:00.000Z');
  });
  it('opens within the hours, all day when equal, across midnight when closing comes first', () => {
    expect(isOpenAt('08:00', '08:00', '20:00')).toBe(true);
    expect(isOpenAt('20:00', '08:00', '20:00')).toBe(false);
    expect(isOpenAt('07:59', '08:00', '20:00')).toBe(false);
    expect(isOpenAt('03:00', '00:00', '00:00')).toBe(true);
    expect(isOpenAt('23:00', '22:00', '06:00')).toBe(true);
    expect(isOpenAt('05:59', '22:00', '06:00')).toBe(true);
    expect(isOpenAt('12:00', '22:00', '06:00')).toBe(false);
    expect(isOpenAt('23:59', '08:00', '24:00')).toBe(true);
  });
});
