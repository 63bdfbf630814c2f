import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { BACKOFF_MAX_MS, BACKOFF_START_MS, backoffDelay, patchLocker } from './realtime';
import { locationKeys, type LockersByPlaceReply } from './queries/locations';

const locker = (id: number, doorNumber: number): LockerView => ({
  id,
  placeId: 1,
  doorNumber,
  size: 'M',
  status: 0,
  doorStatus: 2,
  enabled: 1,
  accessibility: false,
  doorStatusUpdatedAt: '2026-01-01T00:00:00.000Z',
  expirationDateTime: null,
  locker_users: [],
  lockerGroups: [],
  asset: null,
  rental: null,
  tagsSeen: [],
  activeDelivery: null,
});

function seeded() {
  const qc = new QueryClient();
  const reply = {
    Place: { id: 1 } as LockersByPlaceReply['Place'],
    Lockers: Array.from({ length: 500 }, (_, i) => locker(i + 1, i + 1)),
  };
  qc.setQueryData(locationKeys.lockers(1), reply);
  return { qc, reply };
}

describe('patchLocker', () => {
  it('replaces only the updated locker, so only its memoised tile renders again', () => {
    const { qc, reply } = seeded();
    const ok = patchLocker(qc, {
      placeId: 1,
      lockerId: 42,
      doorNumber: 42,
      status: 0,
      doorStatus: 0,
      enabled: 1,
    });
    expect(ok).toBe(true);
    const next = qc.getQueryData<LockersByPlaceReply>(locationKeys.lockers(1))!;
    expect(next).not.toBe(reply);
    const changed = next.Lockers.filter((l, i) => l !== reply.Lockers[i]);
    expect(changed.map((l) => l.id)).toEqual([42]);
    expect(changed[0]).toMatchObject({ doorStatus: 0, status: 0, enabled: 1 });
    expect(changed[0]!.doorStatusUpdatedAt).not.toBe('2026-01-01T00:00:00.000Z');
  });

  it('keeps the door timestamp when only the status changes', () => {
    const { qc } = seeded();
    patchLocker(qc, { placeId: 1, lockerId: 3, doorNumber: 3, status: 2, doorStatus: 2, enabled: 1 });
    const l = qc.getQueryData<LockersByPlaceReply>(locationKeys.lockers(1))!.Lockers[2]!;
    expect(l).toMatchObject({ status: 2, doorStatusUpdatedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('reports a locker or place that is not cached, so the caller refetches instead', () => {
    const { qc } = seeded();
    expect(
      patchLocker(qc, { placeId: 1, lockerId: 9999, doorNumber: 1, status: 0, doorStatus: 0, enabled: 1 }),
    ).toBe(false);
    expect(
      patchLocker(qc, { placeId: 7, lockerId: 1, doorNumber: 1, status: 0, doorStatus: 0, enabled: 1 }),
    ).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('grows exponentially from 1 s, with jitter, and never passes 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(BACKOFF_START_MS / 2);
    expect(backoffDelay(0, () => 1)).toBe(BACKOFF_START_MS);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    for (let attempt = 0; attempt < 40; attempt++) {
      const d = backoffDelay(attempt);
      expect(d).toBeGreaterThanOrEqual(BACKOFF_START_MS / 2);
      expect(d).toBeLessThanOrEqual(BACKOFF_MAX_MS);
    }
  });
});
