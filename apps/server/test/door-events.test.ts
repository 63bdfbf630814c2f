import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH, type RealtimeMessage } from '@cacifo/contract';
import type { DoorStateEvent } from '../src/devices/locker-driver.js';
import { describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';

type LockerUpdate = Extract<RealtimeMessage, { MsgType: 'LockerUpdate' }>;

describeEachDb('door events from the device layer', (ctx) => {
  /** A signed-in socket, and a way to know that everything published before now has arrived. */
  const socket = async () => {
    const address = ctx.app.server.listening
      ? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`
      : await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(ctx.app, 'admin');
    const ws = new WebSocket(`${address.replace('http', 'ws')}${REALTIME_PATH}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const messages: RealtimeMessage[] = [];
    await new Promise<void>((resolve) => {
      ws.on('message', (raw: Buffer) => {
        const m = JSON.parse(raw.toString()) as RealtimeMessage | { MsgType: 'Authenticated' };
        if (m.MsgType === 'Authenticated') resolve();
        else messages.push(m);
      });
    });
    const settled = async () => {
      await ctx.app.devices.events.drain();
      const marker = Math.random();
      await ctx.app.realtime.publish({
        MsgType: 'RefreshUsers',
        Data: { userIds: [marker] },
      } as RealtimeMessage);
      await waitFor(async () =>
        messages.some((m) => m.MsgType === 'RefreshUsers' && m.Data.userIds?.[0] === marker),
      );
    };
    return { ws, messages, settled };
  };

  it('records only the changed doors of a controller report, in order, each published once', async () => {
    const { placeId, lockers } = await createPlace(ctx.app, { doors: 12 });
    const { ws, messages, settled } = await socket();
    const changed: number[] = [];
    const off = ctx.app.bus.on('doorChanged', (e) => void changed.push(e.doorNumber * 1000 + e.doorStatus));
    const report = (doorNumber: number, status: DoorStateEvent['status']): DoorStateEvent => ({
      type: 'doorState',
      placeId,
      doorNumber,
      status,
      previousStatus: 255,
      open: status === 0,
      commanded: false,
      commandId: null,
      at: new Date(),
    });
    // A lone duplicate, then a report of every door where door 3 opens and shuts and door 99
    // (no locker) opens: everything else is closed (2), as stored.
    ctx.app.devices.events.handle(report(5, 2));
    const run = lockers.map((l) => report(l.door_number, 2));
    run.splice(2, 1, report(3, 0), report(3, 2));
    run.push(report(99, 0));
    for (const e of run) ctx.app.devices.events.handle(e);
    await settled();
    off();

    const rows = await ctx.app.db
      .selectFrom('door_events')
      .select(['door_number', 'door_status', 'locker_id'])
      .where('place_id', '=', placeId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { door_number: 3, door_status: 0, locker_id: lockers[2]!.id },
      { door_number: 3, door_status: 2, locker_id: lockers[2]!.id },
      { door_number: 99, door_status: 0, locker_id: null },
    ]);
    const updates = messages.filter((m): m is LockerUpdate => m.MsgType === 'LockerUpdate');
    expect(updates.map((m) => [m.Data.doorNumber, m.Data.doorStatus])).toEqual([
      [3, 0],
      [3, 2],
    ]);
    expect(updates[0]!.Data).toMatchObject({ placeId, lockerId: lockers[2]!.id, status: 0, enabled: 1 });
    expect(changed).toEqual([3000, 3002, 99000]);
    ws.close();
  });

  it('attributes a commanded event that another writer recorded first', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
    // The event is stored already (another instance heard it first), without the actor.
    const stop = ctx.app.devices.events.expectCommand(placeId, 1, { adminId: admin.id, userId: null });
    const base = { type: 'doorState' as const, placeId, doorNumber: 1, open: true, at: new Date() };
    ctx.app.devices.events.handle({
      ...base,
      status: 0,
      previousStatus: 2,
      commanded: false,
      commandId: null,
    });
    await ctx.app.devices.events.drain();
    await ctx.app.db
      .updateTable('door_events')
      .set({ command_id: 'cmd-1' })
      .where('place_id', '=', placeId)
      .execute();
    ctx.app.devices.events.handle({
      ...base,
      status: 0,
      previousStatus: 2,
      commanded: true,
      commandId: 'cmd-1',
    });
    await ctx.app.devices.events.drain();
    stop();
    const rows = await ctx.app.db
      .selectFrom('door_events')
      .select(['locker_id', 'admin_id'])
      .where('place_id', '=', placeId)
      .execute();
    expect(rows).toEqual([{ locker_id: lockers[0]!.id, admin_id: admin.id }]);
  });
});
