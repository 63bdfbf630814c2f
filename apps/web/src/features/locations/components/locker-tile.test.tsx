import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { initI18n } from '@/lib/i18n';
import { LockerTile } from './locker-tile';

const DAY = 86_400_000;
// The tiles read a clock floored to the minute; two extra minutes keep the expected values exact.
const MINUTE = 60_000;
const base: LockerView = {
  id: 1,
  placeId: 1,
  doorNumber: 7,
  size: 'M',
  status: 0,
  doorStatus: 2,
  enabled: 1,
  accessibility: false,
  doorStatusUpdatedAt: null,
  expirationDateTime: null,
  locker_users: [],
  lockerGroups: [],
  asset: null,
  rental: null,
  tagsSeen: [],
  activeDelivery: null,
};
const delivered = (daysAgo: number): LockerView => ({
  ...base,
  status: 4,
  activeDelivery: {
    deliveryType: 1,
    storedAt: new Date(Date.now() - daysAgo * DAY - 2 * MINUTE).toISOString(),
  },
});

afterEach(cleanup);

beforeAll(async () => {
  await initI18n();
});

describe('LockerTile (SPEC §2, §4)', () => {
  it('shows door number, size and the state colour of a free locker', () => {
    render(<LockerTile locker={base} />);
    const tile = screen.getByTestId('locker-tile-7');
    expect(tile).toHaveProperty('textContent', expect.stringContaining('7'));
    expect(tile.textContent).toContain('M');
    expect(tile.dataset.colour).toBe('available');
    expect(screen.queryByTestId('open-occupied')).toBeNull();
    expect(screen.queryByTestId('time-chip')).toBeNull();
  });

  it('shows a locker whose reader still sees a tag as occupied, never free (#32)', () => {
    render(<LockerTile locker={{ ...base, tagsSeen: ['TAG-1'] }} />);
    expect(screen.getByTestId('locker-tile-7').dataset.colour).toBe('occupied');
  });

  it.each([1, 2, 4, 7])('marks an open door on status %i as open-occupied', (status) => {
    render(<LockerTile locker={{ ...base, status: status as LockerView['status'], doorStatus: 0 }} />);
    expect(screen.getByTestId('locker-tile-7').dataset.colour).toBe('open');
    expect(screen.getByTestId('open-occupied')).toBeTruthy();
  });

  it('has no open-occupied marker on an open free locker', () => {
    render(<LockerTile locker={{ ...base, doorStatus: 0 }} />);
    expect(screen.queryByTestId('open-occupied')).toBeNull();
  });

  it.each([
    [0.25, 'green', '6 h'],
    [3, 'green', '3 dias'],
    [11, 'orange', '11 dias'],
    [21, 'red', '21 dias'],
  ])('shows the time chip of a delivery stored %f days ago in %s', (days, colour, text) => {
    render(<LockerTile locker={delivered(days)} />);
    const chip = screen.getByTestId('time-chip');
    expect(chip.dataset.chip).toBe(colour);
    expect(chip.textContent).toBe(text);
  });

  it.each([
    [{ doorStatus: 255 }, 'offline'],
    [{ doorStatus: 3 }, 'alert'],
    [{ enabled: 0 }, 'disabled'],
    [{ enabled: 3 }, 'cleaning'],
    [{ status: 1 }, 'reserved'],
  ] as const)('colours %o as %s', (patch, colour) => {
    render(<LockerTile locker={{ ...base, ...(patch as Partial<LockerView>) }} />);
    expect(screen.getByTestId('locker-tile-7').dataset.colour).toBe(colour);
  });
});
