import { afterEach, expect, it, vi } from 'vitest';
import type { LockerUpdateData, RealtimeMessage } from '@cacifo/contract';
import type { DoorStateEvent } from '../src/devices/locker-driver.js';
import { doorRuntimeRepository } from '../src/modules/lockers/door-runtime.repository.js';
import { describeEachDb } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';

/**
 * Issue #34: a door report reaches the screens before the database has recorded it (the write was
 * the realtime tail), and the screens end with the state as stored when the two differ.
 */
describeEachDb('door reports shown before they are recorded', (ctx) => {
  afterEach(() => vi.restoreAllMocks());

  /** Every LockerUpdate published from now on, with what was stored at that moment. */
  const published = () => {
    const updates: LockerUpdateData[] = [];
    const publish = ctx.app.realtime.publish.bind(ctx.app.realtime);
    vi.spyOn(ctx.app.realtime, 'publish').mockImplementation((m: RealtimeMessage) => {
      if (m.MsgType === 'LockerUpdate') updates.push(m.Data);
      return publish(m);
    });
    return updates;
  };
  const report = (
    placeId: number,
    doorNumber: number,
    status: 0 | 2,
    sequence?: DoorStateEvent['sequence'],
  ): DoorStateEvent => ({
    type: 'doorState',
    placeId,
    doorNumber,
    status,
    previousStatus: status === 0 ? 2 : 0,
    open: status === 0,
    commanded: false,
    commandId: null,
    at: new Date(),
    ...(sequence ? { sequence } : {}),
  });
  const stored = (lockerId: number) =>
    ctx.app.db
      .selectFrom('lockers')
      .select(['door_status', 'status'])
      .where('id', '=', lockerId)
      .executeTakeFirstOrThrow();
  /** A write by someone this instance does not hear (no LockerUpdate). */
  const setLocker = (
    lockerId: number,
    values: { status?: number; enabled?: number; door_boot?: number; door_seq?: number },
  ) => ctx.app.db.updateTable('lockers').set(values).where('id', '=', lockerId).execute();
  const doorEvents = (placeId: number) =>
    ctx.app.db.selectFrom('door_events').select('door_status').where('place_id', '=', placeId).execute();

  it('a known door is shown before the write, and once: the write that agrees sends nothing more', async () => {
    // Eight doors: the controller's start report is read in one query, which teaches the cache.
    const p = await createPlace(ctx.app, { doors: 8 });
    const locker = p.lockers[2]!;
    const updates = published();
    const shownAtWrite: number[] = [];
    const record = doorRuntimeRepository.recordDoorState.bind(doorRuntimeRepository);
    vi.spyOn(doorRuntimeRepository, 'recordDoorState').mockImplementation((...args) => {
      shownAtWrite.push(updates.length);
      return record(...args);
    });
    ctx.app.devices.events.handle(report(p.placeId, 3, 0));
    await ctx.app.devices.events.drain();
    expect(shownAtWrite).toEqual([1]);
    expect(updates).toEqual([
      { placeId: p.placeId, lockerId: locker.id, doorNumber: 3, status: 0, doorStatus: 0, enabled: 1 },
    ]);
    expect((await stored(locker.id)).door_status).toBe(0);
    expect(await doorEvents(p.placeId)).toEqual([{ door_status: 0 }]);
    // A duplicate is neither shown nor recorded.
    ctx.app.devices.events.handle(report(p.placeId, 3, 0));
    await ctx.app.devices.events.drain();
    expect(updates).toHaveLength(1);
    expect(await doorEvents(p.placeId)).toHaveLength(1);
  });

  it('a report the database refuses is taken back, and the door is read from the database again', async () => {
    const p = await createPlace(ctx.app, { doors: 8 });
    const locker = p.lockers[0]!;
    // Another instance recorded a newer report of door 1 (the same status): this one did not hear it.
    await setLocker(locker.id, { door_boot: 7, door_seq: 40 });
    const updates = published();
    ctx.app.devices.events.handle(report(p.placeId, 1, 0, { boot: 7, seq: 39, kind: 'event' }));
    await ctx.app.devices.events.drain();
    expect(updates.map((u) => u.doorStatus)).toEqual([0, 2]);
    expect(updates[1]).toMatchObject({ lockerId: locker.id, doorStatus: 2 });
    expect((await stored(locker.id)).door_status).toBe(2);
    expect(await doorEvents(p.placeId)).toEqual([]);
    // Forgotten: the next stale report goes the old way, refused before anything is shown.
    ctx.app.devices.events.handle(report(p.placeId, 1, 0, { boot: 7, seq: 38, kind: 'event' }));
    await ctx.app.devices.events.drain();
    expect(updates).toHaveLength(2);
  });

  it('a locker changed where this instance did not hear it: the stored state follows the first', async () => {
    const p = await createPlace(ctx.app, { doors: 8 });
    const locker = p.lockers[4]!;
    // Reserved and disabled by a writer whose LockerUpdate has not reached this instance.
    await setLocker(locker.id, { status: 6, enabled: 0 });
    const updates = published();
    ctx.app.devices.events.handle(report(p.placeId, 5, 0));
    await ctx.app.devices.events.drain();
    expect(updates.map((u) => [u.doorStatus, u.status, u.enabled])).toEqual([
      [0, 0, 1],
      [0, 6, 0],
    ]);
    // The cache has heard the stored state: the door's next report carries it from the start.
    ctx.app.devices.events.handle(report(p.placeId, 5, 2));
    await ctx.app.devices.events.drain();
    expect(updates.slice(2).map((u) => [u.doorStatus, u.status, u.enabled])).toEqual([[2, 6, 0]]);
  });

  it('reports wait for no earlier write; the last of a door in flight brings the screens to the stored state', async () => {
    const p = await createPlace(ctx.app, { doors: 8 });
    const [, , door3, door4] = p.lockers;
    const updates = published();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const record = doorRuntimeRepository.recordDoorState.bind(doorRuntimeRepository);
    vi.spyOn(doorRuntimeRepository, 'recordDoorState').mockImplementation(async (...args) => {
      await gate;
      return record(...args);
    });
    ctx.app.devices.events.handle(report(p.placeId, 3, 0));
    ctx.app.devices.events.handle(report(p.placeId, 3, 2));
    ctx.app.devices.events.handle(report(p.placeId, 4, 0));
    // All three are on the screens while the first write has not even started.
    expect(updates.map((u) => [u.doorNumber, u.doorStatus, u.status])).toEqual([
      [3, 0, 0],
      [3, 2, 0],
      [4, 0, 0],
    ]);
    // Door 3's locker is reserved by a writer this instance has not heard from.
    await setLocker(door3!.id, { status: 6 });
    open();
    await ctx.app.devices.events.drain();
    // The open's outcome (open, reserved) is not shown over the close; the close's is.
    expect(updates.slice(3)).toEqual([
      { placeId: p.placeId, lockerId: door3!.id, doorNumber: 3, status: 6, doorStatus: 2, enabled: 1 },
    ]);
    expect(await stored(door3!.id)).toEqual({ door_status: 2, status: 6 });
    expect((await stored(door4!.id)).door_status).toBe(0);
    expect((await doorEvents(p.placeId)).map((r) => r.door_status)).toEqual([0, 2, 0]);
  });

  // SQLite's writes are synchronous: a lock held elsewhere would stop the whole process.
  it.runIf(ctx.dialect === 'postgres')(
    'the screens hear the door while its row is locked by another writer',
    async () => {
      const p = await createPlace(ctx.app, { doors: 8 });
      const locker = p.lockers[1]!;
      const updates = published();
      const blocker = await ctx.app.dbHandle.pool!.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query('SELECT id FROM lockers WHERE id = $1 FOR UPDATE', [locker.id]);
        ctx.app.devices.events.handle(report(p.placeId, 2, 0));
        await waitFor(async () => updates.length === 1);
        expect(updates[0]).toMatchObject({ lockerId: locker.id, doorStatus: 0 });
        expect((await stored(locker.id)).door_status).toBe(2);
        expect(await doorEvents(p.placeId)).toEqual([]);
      } finally {
        await blocker.query('ROLLBACK');
        blocker.release();
      }
      await ctx.app.devices.events.drain();
      expect((await stored(locker.id)).door_status).toBe(0);
      expect(await doorEvents(p.placeId)).toEqual([{ door_status: 0 }]);
      expect(updates).toHaveLength(1);
    },
  );
});
