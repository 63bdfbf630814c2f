import { describe, expect, it } from 'vitest';
import { systemClock } from '@cacifo/simulator';
import type { DeviceEvent, DeviceSnapshot } from '@cacifo/contract';
import type { LockerDriverEvent } from './locker-driver.js';
import { TrackedController } from './tracked-controller.js';

type DoorEvent = Extract<DeviceEvent, { type: 'door' }>;
type TagEvent = Extract<DeviceEvent, { type: 'tag' }>;

function setup() {
  const events: LockerDriverEvent[] = [];
  const c = new TrackedController(1, systemClock, (e) => events.push(e));
  c.setDoors([1, 2]);
  c.markSeen('announced');
  const snapshot = (boot: number, seq: number, open: boolean, tags: string[] = []): DeviceSnapshot => ({
    placeId: 1,
    boot,
    seq,
    at: Date.now(),
    doors: [
      { door: 1, status: open ? 0 : 2, open, tags },
      { door: 2, status: 2, open: false, tags: [] },
    ],
  });
  const door = (boot: number, seq: number, status: 0 | 1 | 2): DoorEvent => ({
    type: 'door',
    boot,
    seq,
    door: 1,
    status,
    open: status !== 2,
    at: Date.now(),
  });
  const tag = (boot: number, seq: number, present: boolean): TagEvent => ({
    type: 'tag',
    boot,
    seq,
    door: 1,
    tagId: 'T1',
    present,
    at: Date.now(),
  });
  const status = () => c.state().doors[0]!.status;
  return { c, events, snapshot, door, tag, status };
}

describe('TrackedController orders what a controller says by (boot, seq)', () => {
  it('a delayed open stamped before later closes is not applied, and is counted', () => {
    const { c, snapshot, door, status } = setup();
    c.applySnapshot(snapshot(5, 1, false));
    expect(c.applyDoor(door(5, 3, 1))).toBe(true);
    expect(c.applyDoor(door(5, 4, 2))).toBe(true);
    expect(c.applyDoor(door(5, 2, 1))).toBe(false);
    expect(status()).toBe(2);
    // The same message twice (QoS 1 may deliver it again) is not news either.
    expect(c.applyDoor(door(5, 4, 2))).toBe(false);
    expect(c.staleMessages).toBe(2);
  });

  it('a later boot is newer whatever its seq; an earlier one is older', () => {
    const { c, snapshot, door, status } = setup();
    c.applySnapshot(snapshot(5, 90, false));
    expect(c.applyDoor(door(6, 1, 1))).toBe(true);
    expect(status()).toBe(1);
    expect(c.applyDoor(door(5, 91, 2))).toBe(false);
    c.applySnapshot(snapshot(5, 92, false));
    expect(status()).toBe(1);
    // A controller that lost its counter is believed again once it announced so.
    c.restartSequence();
    expect(c.applyDoor(door(2, 1, 2))).toBe(true);
    expect(status()).toBe(2);
  });

  it('a snapshot older than a door report leaves that door, tags apart from status', () => {
    const { c, events, snapshot, door, tag, status } = setup();
    c.applySnapshot(snapshot(5, 1, false));
    c.applyDoor(door(5, 4, 0));
    c.applyTag(tag(5, 2, true));
    // Stamped 3: newer than the tag (2), older than the door (4).
    c.applySnapshot(snapshot(5, 3, false, []));
    expect(status()).toBe(0);
    expect(c.state().doors[0]!.tags).toEqual([]);
    expect(events.filter((e) => e.type === 'tag').map((e) => (e as { present: boolean }).present)).toEqual([
      true,
      false,
    ]);
    expect(c.applyTag(tag(5, 3, true))).toBe(false);
  });
});
