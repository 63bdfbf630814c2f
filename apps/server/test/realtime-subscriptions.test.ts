import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH } from '@cacifo/contract';
import { describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { openRealtimeSocket, type Received } from './helpers/realtime-socket.js';

/**
 * Sockets subscribe to the places and lists they show (issue #34): a door event reaches only the
 * sockets that hold its place, lists hear of it through one PlacesChanged digest, and a socket that
 * never subscribed keeps the SPEC's behaviour (every message its role may read).
 */
describeEachDb('realtime subscriptions', (ctx) => {
  /** The realtime address of the suite's app, listening from the first test that asks. */
  const socketUrl = async () => {
    const address = ctx.app.server.address();
    const base =
      typeof address === 'object' && address
        ? `ws://127.0.0.1:${address.port}`
        : (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    return base + REALTIME_PATH;
  };
  it('a socket subscribed to place A gets A’s door events and not B’s', async () => {
    const url = await socketUrl();
    const { token } = await signIn(ctx.app, 'admin');
    const a = await createPlace(ctx.app, { doors: 2 });
    const b = await createPlace(ctx.app, { doors: 2 });
    const onA = await openRealtimeSocket(url, token);
    const lists = await openRealtimeSocket(url, token);
    const legacy = await openRealtimeSocket(url, token);
    expect((await onA.subscribe([`place:${a.placeId}`])).Data).toEqual({ topics: [`place:${a.placeId}`] });
    expect((await lists.subscribe(['doors', 'doors'])).Data).toEqual({ topics: ['doors'] });

    await ctx.app.doors.open(b.lockers[0]!.id, { actor: null, reason: 'test' });
    await ctx.app.doors.open(a.lockers[1]!.id, { actor: null, reason: 'test' });
    await ctx.app.devices.events.drain();

    const doorsOf = (m: Received[]) =>
      m.filter((x) => x.MsgType === 'LockerUpdate').map((x) => x.Data.placeId as number);
    // The never-subscribed socket gets both places' doors, in order: its arrival of A's event means
    // the one of B (published before it) was handed to every socket that wanted it.
    await waitFor(async () => doorsOf(legacy.messages).includes(a.placeId) || undefined);
    expect(doorsOf(legacy.messages)).toEqual([b.placeId, a.placeId]);
    await waitFor(async () => doorsOf(onA.messages).length === 1 || undefined);
    expect(onA.messages.find((m) => m.MsgType === 'LockerUpdate')!.Data).toMatchObject({
      placeId: a.placeId,
      lockerId: a.lockers[1]!.id,
      doorStatus: 0,
    });
    // The list socket: no door event, one digest naming both places.
    const digest = await waitFor(async () => lists.messages.find((m) => m.MsgType === 'PlacesChanged'));
    expect((digest.Data.placeIds as number[]).slice().sort((x, y) => x - y)).toEqual(
      [a.placeId, b.placeId].sort((x, y) => x - y),
    );
    expect(doorsOf(lists.messages)).toEqual([]);
    expect(legacy.messages.some((m) => m.MsgType === 'PlacesChanged')).toBe(false);
    expect(onA.messages.some((m) => m.MsgType === 'PlacesChanged')).toBe(false);
    for (const s of [onA, lists, legacy]) s.ws.close();
  });

  it('refuses bad topics and keeps the previous ones', async () => {
    const url = await socketUrl();
    const { token } = await signIn(ctx.app, 'admin');
    const a = await createPlace(ctx.app, { doors: 1 });
    const s = await openRealtimeSocket(url, token);
    await s.subscribe([`place:${a.placeId}`]);
    for (const bad of ['place:1', ['place:0'], ['place:x'], ['everything'], Array(101).fill('doors'), [1]]) {
      expect(await s.subscribe(bad)).toEqual({
        MsgType: 'SubscriptionRefused',
        Data: { Description: 'invalidInput' },
      });
    }
    await ctx.app.doors.open(a.lockers[0]!.id, { actor: null, reason: 'test' });
    await ctx.app.devices.events.drain();
    await waitFor(async () => s.messages.find((m) => m.MsgType === 'LockerUpdate'));
    // An empty set is valid: the socket then receives nothing (not everything).
    await s.subscribe([]);
    const count = s.messages.length;
    await ctx.app.realtime.publish({
      MsgType: 'LockerUpdate',
      Data: {
        placeId: a.placeId,
        lockerId: a.lockers[0]!.id,
        doorNumber: 1,
        status: 0,
        doorStatus: 2,
        enabled: 1,
      },
    });
    // A socket that still listens to everything receives the same message: once it has, the first
    // would have too (one flush writes to both).
    const witness = await openRealtimeSocket(url, token);
    await ctx.app.realtime.publish({ MsgType: 'RefreshUsers', Data: { userIds: [7] } });
    await waitFor(async () => witness.messages.find((m) => m.MsgType === 'RefreshUsers'));
    expect(s.messages.length).toBe(count);
    s.ws.close();
    witness.ws.close();
  });

  it('answers a token and topics sent back to back in order: once Subscribed, the socket hears the topic', async () => {
    const url = await socketUrl();
    const { token } = await signIn(ctx.app, 'admin');
    // As the browser does on open: the token, then the topics, without waiting for the first answer.
    const ws = new WebSocket(url);
    const messages: Received[] = [];
    ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Received));
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(JSON.stringify({ token }));
    ws.send(JSON.stringify({ subscribe: ['assets'] }));
    await waitFor(async () => messages.find((m) => m.MsgType === 'Subscribed'));
    // Published the moment the subscription is confirmed: before, the token could still be in lookup
    // then, and the message went to a socket with no account yet (lost).
    await ctx.app.realtime.publish({ MsgType: 'RefreshAssets', Data: { assetIds: [7] } });
    await waitFor(async () => messages.find((m) => m.MsgType === 'RefreshAssets'));
    expect(messages.map((m) => m.MsgType)).toEqual(['Authenticated', 'Subscribed', 'RefreshAssets']);
    ws.close();
  });
});
