import { expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { can, REALTIME_PATH, type RealtimeMessage } from '@cacifo/contract';
import { describeEachDb, signIn } from './helpers/test-app.js';
import { waitFor } from './helpers/fixtures.js';
import { Broadcaster, pauseAfter, Subscriptions, type Recipient } from '../src/plugins/realtime-broadcast.js';

/**
 * Messages published close together are written to each socket in one write
 * (src/plugins/realtime-broadcast.ts): each must still arrive as a message of its own, in order,
 * and only to the roles allowed to read it.
 */
describeEachDb('realtime broadcast', (ctx) => {
  async function openSocket(url: string, token: string) {
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    const messages: Array<{ MsgType: string; Data: Record<string, unknown> }> = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (raw: Buffer) => {
        const m = JSON.parse(raw.toString()) as (typeof messages)[number];
        if (m.MsgType === 'Authenticated') resolve();
        else messages.push(m);
      });
    });
    return { ws, messages };
  }

  it('delivers a burst as separate messages, in order, each to the roles allowed to read it', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = address.replace('http', 'ws') + REALTIME_PATH;
    // The courier may see doors but not the marketplace's transactions.
    expect(can('courier', 'marketplace.view', ctx.app.config.modules)).toBe(false);
    expect(can('admin', 'marketplace.view', ctx.app.config.modules)).toBe(true);
    const admin = await openSocket(url, (await signIn(ctx.app, 'admin')).token);
    const courier = await openSocket(url, (await signIn(ctx.app, 'courier')).token);

    const door = (lockerId: number): RealtimeMessage => ({
      MsgType: 'LockerUpdate',
      Data: { lockerId, placeId: 1, doorNumber: lockerId, status: 0, doorStatus: lockerId % 2, enabled: 1 },
    });
    const burst: RealtimeMessage[] = [];
    for (let i = 1; i <= 30; i++) {
      burst.push(door(i));
      // Sixty ids make a text over 125 bytes: its frame takes the 16-bit length form.
      if (i % 10 === 0)
        burst.push({
          MsgType: 'UpdateTransactions',
          Data: { transactionIds: Array.from({ length: 60 }, (_, k) => i * 100 + k) },
        });
    }
    // Published in one go: they share one flush, so one write per socket carries them all.
    await Promise.all(burst.map((m) => ctx.app.realtime.publish(m)));

    const key = (m: { MsgType: string; Data: unknown }) => {
      const d = m.Data as { lockerId?: number; transactionIds?: number[] };
      return `${m.MsgType}:${d.lockerId ?? d.transactionIds!.join(',')}`;
    };
    await waitFor(async () => admin.messages.length === burst.length || undefined);
    await waitFor(async () => courier.messages.length === 30 || undefined);
    expect(admin.messages.map(key)).toEqual(burst.map(key));
    expect(courier.messages.map(key)).toEqual(burst.filter((m) => m.MsgType === 'LockerUpdate').map(key));

    // A socket closed meanwhile is skipped; the others go on receiving.
    courier.ws.close();
    await waitFor(async () => courier.ws.readyState === WebSocket.CLOSED || undefined);
    await ctx.app.realtime.publish(door(100));
    await waitFor(async () => admin.messages.find((m) => m.Data.lockerId === 100));
    admin.ws.close();
  });
});

it('schedules again after a flush asked for early (as on shutdown)', async () => {
  const sent: string[] = [];
  // A socket without `_socket` gets its messages through `send`, one by one.
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (d: Buffer) => sent.push(d.toString()),
  } as unknown as WebSocket;
  const subscriptions = new Subscriptions<Recipient>();
  subscriptions.add({ socket, account: { role: 'admin' } });
  const b = new Broadcaster(subscriptions, () => true);
  const all = { permission: 'session', topics: [] } as const;
  b.push(all, Buffer.from('one'));
  b.push(all, Buffer.from('two'));
  b.flush();
  expect(sent).toEqual(['one', 'two']);
  b.push(all, Buffer.from('three'));
  await waitFor(async () => sent.length === 3);
  expect(sent).toEqual(['one', 'two', 'three']);
});

/**
 * A broadcaster on the test's clock, with fake timers, and one admin socket that gets messages
 * through `send`: each write to it "takes" `setCost(ms)` of that clock.
 */
function clockedBroadcaster() {
  const clocked = { clock: 0, cost: 0 };
  const sent: string[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (d: Buffer) => {
      clocked.clock += clocked.cost;
      sent.push(d.toString());
    },
  } as unknown as WebSocket;
  const subscriptions = new Subscriptions<Recipient>();
  subscriptions.add({ socket, account: { role: 'admin' } });
  const b = new Broadcaster(
    subscriptions,
    () => true,
    () => clocked.clock,
  );
  const all = { permission: 'session', topics: [] } as const;
  return { b, all, sent, setCost: (ms: number) => (clocked.cost = ms) };
}

it('writes a message asked for now before push returns, after those waiting, unless a pause is due', () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
  try {
    const { b, all, sent, setCost } = clockedBroadcaster();
    // A door report shown first: on the socket before push returns, the one waiting before it.
    b.push(all, Buffer.from('waiting'));
    b.push(all, Buffer.from('door'), true);
    expect(sent).toEqual(['waiting', 'door']);
    // Nothing is left scheduled to write it twice.
    vi.advanceTimersByTime(50);
    expect(sent).toEqual(['waiting', 'door']);
    // After a costly flush (4 ms a write) the pause holds even a message asked for now.
    setCost(4);
    b.push(all, Buffer.from('costly'), true);
    b.push(all, Buffer.from('later'), true);
    expect(sent).toEqual(['waiting', 'door', 'costly']);
    vi.advanceTimersByTime(pauseAfter(4));
    expect(sent).toEqual(['waiting', 'door', 'costly', 'later']);
  } finally {
    vi.useRealTimers();
  }
});

it('pauses after a flush in proportion to its cost, and not at all after a cheap one', () => {
  expect(pauseAfter(0.2)).toBe(0);
  expect(pauseAfter(3)).toBe(6);
  expect(pauseAfter(40)).toBe(10);

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
  try {
    const { b, all, sent, setCost } = clockedBroadcaster();
    // Cheap: the message right after another goes out on the next turn, with no timer's wait.
    b.push(all, Buffer.from('one'));
    vi.advanceTimersByTime(0);
    b.push(all, Buffer.from('two'));
    vi.advanceTimersByTime(0);
    expect(sent).toEqual(['one', 'two']);

    // Costly (4 ms): the next waits 8 ms for others to share its writes.
    setCost(4);
    b.push(all, Buffer.from('three'));
    vi.advanceTimersByTime(0);
    expect(sent).toEqual(['one', 'two', 'three']);
    b.push(all, Buffer.from('four'));
    b.push(all, Buffer.from('five'));
    vi.advanceTimersByTime(7);
    expect(sent).toEqual(['one', 'two', 'three']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['one', 'two', 'three', 'four', 'five']);
  } finally {
    vi.useRealTimers();
  }
});
