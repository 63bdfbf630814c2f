import { describe, expect, it } from 'vitest';
import {
  isLockerAvailable,
  isLockerInUse,
  lockerHolders,
  ownerView,
  showsOpenOccupied,
  tileColour,
  timeChip,
  type LockerTileInput,
} from './locker-tile.js';

const free: LockerTileInput = {
  status: 0,
  doorStatus: 2,
  enabled: 1,
  lockerUsers: [],
  lockerGroups: [],
  activeDelivery: null,
  asset: null,
  rental: null,
  tagsSeen: [],
};
const NOW = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const H = 3_600_000;
const D = 24 * H;
const stored = (storedAt: string): LockerTileInput => ({
  ...free,
  status: 4,
  activeDelivery: { deliveryType: 1, storedAt },
});

describe('isLockerAvailable', () => {
  it('is available only when every condition holds', () => {
    expect(isLockerAvailable(free)).toBe(true);
  });
  it.each([
    ['an active delivery', { activeDelivery: { deliveryType: 1 as const, storedAt: null } }],
    ['a locker user (list)', { lockerUsers: [{ id: 1 }] }],
    ['a locker user (count)', { lockerUsers: 1 }],
    ['an open door', { doorStatus: 0 as const }],
    ['an offline door', { doorStatus: 255 as const }],
    ['a disabled locker', { enabled: 0 as const }],
    ['a locker in cleaning', { enabled: 3 as const }],
    ['a reserved status', { status: 1 as const }],
    ['a group sharing it', { lockerGroups: [{ id: 1 }] }],
    ['an asset in it', { asset: { id: 1 } }],
    ['a rental', { rental: { id: 1 } }],
    ['a tag its reader still sees (list)', { tagsSeen: ['TAG-1'] }],
    ['a tag its reader still sees (count)', { tagsSeen: 1 }],
  ])('is not available with %s', (_name, patch) => {
    expect(isLockerAvailable({ ...free, ...patch })).toBe(false);
  });
});

describe('lockerHolders and isLockerInUse', () => {
  it('names every holder, and a locker with one is in use whatever its status', () => {
    const all = {
      ...free,
      lockerUsers: 2,
      lockerGroups: [{}],
      activeDelivery: { deliveryType: 1 as const, storedAt: null },
      asset: {},
      rental: {},
      tagsSeen: ['T1'],
    };
    expect(lockerHolders(all)).toEqual(['users', 'groups', 'delivery', 'asset', 'rental', 'tag']);
    expect(lockerHolders(free)).toEqual([]);
    expect(isLockerInUse({ ...free, asset: {} })).toBe(true);
    expect(isLockerInUse({ ...free, status: 2 })).toBe(true);
    expect(isLockerInUse({ ...free, doorStatus: 0, enabled: 0 })).toBe(false);
  });
});

describe('ownerView', () => {
  it('shows open for an open door whatever the status', () => {
    expect(ownerView({ status: 2, doorStatus: 0 })).toBe('open');
  });
  it('shows reserved for status 1 and occupied for status 2 behind a closed door', () => {
    expect(ownerView({ status: 1, doorStatus: 2 })).toBe('reserved');
    expect(ownerView({ status: 2, doorStatus: 2 })).toBe('occupied');
  });
  it('has no owner view otherwise', () => {
    expect(ownerView({ status: 4, doorStatus: 2 })).toBeNull();
  });
});

describe('showsOpenOccupied', () => {
  const nobody = { lockerUsers: 0, lockerGroups: 0 };
  it.each([1, 2, 4, 7] as const)('marks an open door with status %i', (status) => {
    expect(showsOpenOccupied({ ...nobody, status, doorStatus: 0 })).toBe(true);
  });
  it.each([0, 3, 5, 6, 8] as const)('does not mark an open door with status %i', (status) => {
    expect(showsOpenOccupied({ ...nobody, status, doorStatus: 0 })).toBe(false);
  });
  it('does not mark a closed door', () => {
    expect(showsOpenOccupied({ ...nobody, status: 2, doorStatus: 2 })).toBe(false);
    expect(showsOpenOccupied({ status: 0, doorStatus: 2, lockerUsers: 1, lockerGroups: 0 })).toBe(false);
  });
  it('marks an open office locker its users or groups hold, though the assignment keeps status 0 (#33)', () => {
    expect(showsOpenOccupied({ status: 0, doorStatus: 0, lockerUsers: [{}], lockerGroups: [] })).toBe(true);
    expect(showsOpenOccupied({ status: 0, doorStatus: 0, lockerUsers: 0, lockerGroups: 2 })).toBe(true);
  });
});

describe('timeChip', () => {
  it('shows nothing unless status is 4 with a stored time', () => {
    expect(timeChip(free, NOW)).toBeNull();
    expect(timeChip({ status: 4, activeDelivery: { deliveryType: 1, storedAt: null } }, NOW)).toBeNull();
    expect(timeChip({ status: 2, activeDelivery: { deliveryType: 1, storedAt: ago(D) } }, NOW)).toBeNull();
  });
  it('counts hours under a day', () => {
    expect(timeChip(stored(ago(5 * H + 10)), NOW)).toEqual({ unit: 'hours', value: 5, colour: 'green' });
    expect(timeChip(stored(ago(D - 1)), NOW)).toEqual({ unit: 'hours', value: 23, colour: 'green' });
  });
  it('counts whole days from one day', () => {
    expect(timeChip(stored(ago(D)), NOW)).toEqual({ unit: 'days', value: 1, colour: 'green' });
  });
  it('is green up to 10 days, orange above 10, red above 20', () => {
    expect(timeChip(stored(ago(10 * D)), NOW)?.colour).toBe('green');
    expect(timeChip(stored(ago(10 * D + 1)), NOW)?.colour).toBe('orange');
    expect(timeChip(stored(ago(20 * D)), NOW)?.colour).toBe('orange');
    expect(timeChip(stored(ago(20 * D + 1)), NOW)).toEqual({ unit: 'days', value: 20, colour: 'red' });
  });
  it('treats a stored time in the future as zero hours', () => {
    expect(timeChip(stored(new Date(NOW.getTime() + H).toISOString()), NOW)).toEqual({
      unit: 'hours',
      value: 0,
      colour: 'green',
    });
  });
});

describe('tileColour', () => {
  it('puts hardware conditions first', () => {
    expect(tileColour({ ...free, doorStatus: 255 })).toBe('offline');
    expect(tileColour({ ...free, doorStatus: 11, enabled: 0 })).toBe('alert');
    expect(tileColour({ ...free, doorStatus: 0 })).toBe('open');
  });
  it('then enabled codes, then status', () => {
    expect(tileColour({ ...free, enabled: 0 })).toBe('disabled');
    expect(tileColour({ ...free, enabled: 3 })).toBe('cleaning');
    expect(tileColour(free)).toBe('available');
    expect(tileColour({ ...free, status: 5 })).toBe('reserved');
    expect(tileColour({ ...free, status: 6 })).toBe('occupied');
    expect(tileColour({ ...free, lockerUsers: 2 })).toBe('occupied');
    expect(tileColour({ ...free, tagsSeen: ['T1'] })).toBe('occupied');
  });
});
