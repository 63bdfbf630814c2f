import { afterEach, expect, it, vi } from 'vitest';
import { API, type RealtimeMessage } from '@cacifo/contract';
import { lockerUpdatesRepository } from '../src/modules/lockers/locker-updates.repository.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';

/** "These lockers changed": one way for every area (issue #21), one query per call. */
describeEachDb('locker updates', (ctx) => {
  const published = () => {
    const spy = vi.spyOn(ctx.app.realtime, 'publish');
    return () => spy.mock.calls.map((c) => c[0] as RealtimeMessage);
  };
  afterEach(() => vi.restoreAllMocks());

  it('publishes each locker once, as stored now, from one query; capacity once per place', async () => {
    const a = await createPlace(ctx.app, { doors: 3 });
    const b = await createPlace(ctx.app, { doors: 2 });
    await ctx.app.db
      .updateTable('lockers')
      .set({ status: 6, enabled: 0 })
      .where('id', '=', a.lockers[1]!.id)
      .execute();
    const reads = vi.spyOn(lockerUpdatesRepository, 'lockerStates');
    const messages = published();
    const ids = [a.lockers[1]!.id, null, b.lockers[0]!.id, a.lockers[1]!.id, a.lockers[2]!.id];
    await ctx.app.lockerUpdates.changed(ids, { capacity: true });
    expect(reads).toHaveBeenCalledTimes(1);
    const sent = messages();
    expect(sent.filter((m) => m.MsgType === 'LockerUpdate').map((m) => m.Data)).toEqual([
      {
        placeId: a.placeId,
        lockerId: a.lockers[1]!.id,
        doorNumber: 2,
        status: 6,
        doorStatus: a.lockers[1]!.door_status,
        enabled: 0,
      },
      expect.objectContaining({ placeId: a.placeId, lockerId: a.lockers[2]!.id, doorNumber: 3 }),
      expect.objectContaining({ placeId: b.placeId, lockerId: b.lockers[0]!.id, doorNumber: 1 }),
    ]);
    expect(sent.filter((m) => m.MsgType === 'UpdateCapacity').map((m) => m.Data)).toEqual([
      { placeId: a.placeId },
      { placeId: b.placeId },
    ]);
  });

  it('a place publishes every locker of it; without capacity no UpdateCapacity; no lockers, no query', async () => {
    const p = await createPlace(ctx.app, { doors: 4 });
    const messages = published();
    await ctx.app.lockerUpdates.changed({ placeId: p.placeId });
    expect(messages().map((m) => [m.MsgType, m.Data])).toEqual(
      p.lockers.map((l) => ['LockerUpdate', expect.objectContaining({ lockerId: l.id, placeId: p.placeId })]),
    );
    const reads = vi.spyOn(lockerUpdatesRepository, 'lockerStates');
    await ctx.app.lockerUpdates.changed([null, undefined], { capacity: true });
    expect(reads).not.toHaveBeenCalled();
    expect(messages()).toHaveLength(4);
  });

  it('never fails its caller: a failed publish is logged', async () => {
    const p = await createPlace(ctx.app, { doors: 1 });
    vi.spyOn(ctx.app.realtime, 'publish').mockRejectedValue(new Error('NOTIFY failed'));
    await expect(ctx.app.lockerUpdates.changed([p.lockers[0]!.id])).resolves.toBeUndefined();
    await expect(ctx.app.lockerUpdates.known([])).resolves.toBeUndefined();
  });

  it('disabling a locker tells every screen through it (locker and capacity)', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { doors: 2 });
    const messages = published();
    const r = await callApi(ctx.app, admin.token, API.locations.setLockerEnabled, {
      params: { id: p.lockers[0]!.id },
      body: { enabled: 0 },
    });
    expect(r.status).toBe(200);
    expect(messages().map((m) => [m.MsgType, m.Data])).toEqual([
      ['LockerUpdate', expect.objectContaining({ lockerId: p.lockers[0]!.id, enabled: 0 })],
      ['UpdateCapacity', { placeId: p.placeId }],
    ]);
  });
});
