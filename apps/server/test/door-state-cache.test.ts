import { describe, expect, it } from 'vitest';
import { DoorStateCache } from '../src/modules/lockers/door-state-cache.js';

const update = (doorNumber: number, doorStatus: number, lockerId = 100 + doorNumber) => ({
  placeId: 1,
  lockerId,
  doorNumber,
  status: 0,
  doorStatus,
  enabled: 1,
});

/** The rules by which a door report may be shown before the database has it (issue #34). */
describe('door state cache', () => {
  it('forecasts only a known door whose status changes', () => {
    const cache = new DoorStateCache();
    expect(cache.forecast(1, 3, 0, undefined)).toBeNull();
    cache.learn(update(3, 2));
    expect(cache.forecast(1, 3, 2, undefined)).toBeNull();
    expect(cache.forecast(1, 3, 0, undefined)).toEqual(update(3, 0));
  });

  it('shows a sequenced report only when newer than the one recorded, as the database decides', () => {
    const cache = new DoorStateCache();
    cache.stored(1, 3, { ...update(3, 2), boot: 2, seq: 10, ordered: true });
    expect(cache.forecast(1, 3, 0, { boot: 2, seq: 10, kind: 'event' })).toBeNull();
    expect(cache.forecast(1, 3, 0, { boot: 2, seq: 9, kind: 'snapshot' })).toBeNull();
    expect(cache.forecast(1, 3, 0, { boot: 1, seq: 99, kind: 'event' })).toBeNull();
    expect(cache.forecast(1, 3, 0, { boot: 2, seq: 10, kind: 'derived' })).not.toBeNull();
    expect(cache.forecast(1, 3, 0, { boot: 2, seq: 11, kind: 'event' })).not.toBeNull();
    expect(cache.forecast(1, 3, 0, { boot: 3, seq: 0, kind: 'event' })).not.toBeNull();
  });

  it('a change heard from elsewhere makes the sequence unknown until this instance records one', () => {
    const cache = new DoorStateCache();
    cache.stored(1, 3, { ...update(3, 2), boot: 2, seq: 10, ordered: true });
    cache.learn({ ...update(3, 2), status: 6 });
    expect(cache.forecast(1, 3, 0, { boot: 2, seq: 11, kind: 'event' })).toMatchObject({ status: 6 });
    cache.learn(update(3, 0));
    expect(cache.forecast(1, 3, 2, { boot: 2, seq: 12, kind: 'event' })).toBeNull();
    expect(cache.forecast(1, 3, 2, undefined)).not.toBeNull();
    cache.recorded(1, 3, { boot: 2, seq: 12, kind: 'event' });
    expect(cache.forecast(1, 3, 2, { boot: 2, seq: 12, kind: 'event' })).toBeNull();
    expect(cache.forecast(1, 3, 2, { boot: 2, seq: 13, kind: 'event' })).not.toBeNull();
  });

  it('another locker at the door, or a forgotten door, is not forecast from the old one', () => {
    const cache = new DoorStateCache();
    cache.stored(1, 3, { ...update(3, 2), boot: null, seq: null, ordered: true });
    cache.learn(update(3, 2, 999));
    expect(cache.forecast(1, 3, 0, { boot: 1, seq: 1, kind: 'event' })).toBeNull();
    expect(cache.forecast(1, 3, 0, undefined)).toMatchObject({ lockerId: 999 });
    cache.forget(1, 3);
    expect(cache.forecast(1, 3, 0, undefined)).toBeNull();
  });

  it('counts the reports shown and not yet recorded; a shown report moves the sequence forward only', () => {
    const cache = new DoorStateCache();
    cache.stored(1, 3, { ...update(3, 2), boot: 2, seq: 10, ordered: true });
    cache.learn(update(3, 0));
    cache.shown(1, 3, { boot: 2, seq: 11, kind: 'event' });
    cache.learn(update(3, 2));
    cache.shown(1, 3, { boot: 2, seq: 12, kind: 'event' });
    // The first report's write comes back after the second was shown: its sequence is older.
    cache.recorded(1, 3, { boot: 2, seq: 11, kind: 'event' });
    expect(cache.forecast(1, 3, 0, { boot: 2, seq: 12, kind: 'event' })).toBeNull();
    expect(cache.settled(1, 3)).toBe(false);
    expect(cache.settled(1, 3)).toBe(true);
    expect(cache.tells(update(3, 2))).toBe(true);
    expect(cache.tells({ ...update(3, 2), status: 6 })).toBe(false);
  });

  it('holds at most its bound, dropping the door heard of longest ago', () => {
    const cache = new DoorStateCache(3);
    for (const door of [1, 2, 3]) cache.learn(update(door, 2));
    cache.learn(update(1, 0));
    cache.learn(update(4, 2));
    expect(cache.size()).toBe(3);
    expect(cache.forecast(1, 2, 0, undefined)).toBeNull();
    for (const door of [1, 3, 4]) expect(cache.forecast(1, door, 1, undefined)).not.toBeNull();
  });
});
