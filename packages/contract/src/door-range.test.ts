import { describe, expect, it } from 'vitest';
import { DOOR_NUMBER_MAX } from './limits.js';
import { deviceEventSchema, deviceSnapshotSchema } from './devices.js';
import { placeInputSchema } from './schemas/locations.js';
import { assetTagSchema } from './schemas/assets.js';

const place = (doorNumber: number) => ({
  name: 'Parede',
  type: 'DELIVERY',
  systemType: 'locker',
  address: null,
  lockers: [{ doorNumber, size: 'M', accessibility: false }],
});
const doorEvent = (door: number) => ({ type: 'door', boot: 1, seq: 1, door, status: 0, open: true, at: 1 });
const tagEvent = (tagId: string) => ({
  type: 'tag',
  boot: 1,
  seq: 1,
  door: 1,
  tagId,
  present: true,
  at: 1,
});

describe('one door-number range and one tag form everywhere (issue #32)', () => {
  it('a location, a controller event and a snapshot take the same doors', () => {
    for (const [door, ok] of [
      [1, true],
      [DOOR_NUMBER_MAX, true],
      [DOOR_NUMBER_MAX + 1, false],
      [0, false],
    ] as const) {
      expect(placeInputSchema.safeParse(place(door)).success, `location door ${door}`).toBe(ok);
      expect(deviceEventSchema.safeParse(doorEvent(door)).success, `event door ${door}`).toBe(ok);
      const snapshot = {
        placeId: 1,
        boot: 1,
        seq: 1,
        doors: [{ door, status: 2, open: false, tags: [] }],
        at: 1,
      };
      expect(deviceSnapshotSchema.safeParse(snapshot).success, `snapshot door ${door}`).toBe(ok);
    }
  });

  it('a reader reports a tag in the form an asset records it', () => {
    for (const [tag, ok] of [
      ['E2003412', true],
      ['e2:00:34:12', true],
      ['x'.repeat(64), true],
      ['x'.repeat(65), false],
      ['E2 00', false],
      ['', false],
    ] as const) {
      expect(assetTagSchema.safeParse(tag).success, `asset tag ${tag}`).toBe(ok);
      expect(deviceEventSchema.safeParse(tagEvent(tag)).success, `reported tag ${tag}`).toBe(ok);
    }
  });
});
