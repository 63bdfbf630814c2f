import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API, REALTIME_PATH, type RealtimeMessage } from '@cacifo/contract';
import { connectDatabase } from '../src/db/connect.js';
import { sql } from '../src/db/helpers.js';
import { SESSIONS_CHANNEL } from '../src/modules/auth/session-changes.js';
import { REALTIME_CHANNEL } from '../src/plugins/realtime.js';
import { twoInstancesOnPostgres } from './helpers/two-instances.js';
import { signIn, callApi } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { openRealtimeSocket } from './helpers/realtime-socket.js';

/** A signed-in realtime socket, once the server confirmed it, and the messages it gets after. */
async function openSocket(url: string, token: string) {
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  const messages: RealtimeMessage[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as { MsgType: string };
      if (m.MsgType === 'Authenticated') resolve();
      else messages.push(m as RealtimeMessage);
    });
  });
  return { ws, messages };
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  const two = twoInstancesOnPostgres();

  it('a socket on instance B receives the LockerUpdate of a door opened through instance A', async () => {
    const admin = await signIn(two.a, 'admin');
    const place = await createPlace(two.a, { doors: 2 });
    const url = (await two.b.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + REALTIME_PATH;
    const { ws, messages } = await openSocket(url, admin.token);
    const opened = await callApi(two.a, admin.token, API.locations.openLocker, {
      params: { id: place.lockers[1]!.id },
    });
    expect(opened.status).toBe(200);
    const update = await waitFor(async () =>
      messages.find((m) => m.MsgType === 'LockerUpdate' && m.Data.lockerId === place.lockers[1]!.id),
    );
    expect(update.Data).toMatchObject({ doorNumber: 2, doorStatus: 0 });
    ws.close();
  });

  it('delivers to the publishing instance once: at once, not again when its own NOTIFY comes back', async () => {
    const admin = await signIn(two.a, 'admin');
    const place = await createPlace(two.a, { doors: 2 });
    const url = (await two.a.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + REALTIME_PATH;
    const { ws, messages } = await openSocket(url, admin.token);
    const lockerId = place.lockers[0]!.id;
    await two.a.doors.open(lockerId, { actor: null, reason: 'test' });
    // Over the NOTIFY limit: stored, and its notification carries only the row id.
    const userIds = Array.from({ length: 3000 }, (_, i) => 200_000 + i);
    await two.a.realtime.publish({ MsgType: 'RefreshUsers', Data: { userIds } } as RealtimeMessage);
    await two.a.devices.events.drain();
    // A notification sent after both, as another instance would: LISTEN hands them over in
    // commit order, so once it is in, an echo of A's own would have been delivered before it.
    const other = connectDatabase({ databaseUrl: two.db.databaseUrl, dataDir: two.db.dataDir });
    try {
      const marker = { MsgType: 'RefreshUsers', Data: { userIds: [-1] } };
      await sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(marker)})`.execute(other.db);
    } finally {
      await other.close();
    }
    await waitFor(async () => messages.some((m) => m.MsgType === 'RefreshUsers' && m.Data.userIds[0] === -1));
    const updates = messages.filter((m) => m.MsgType === 'LockerUpdate' && m.Data.lockerId === lockerId);
    expect(updates.map((m) => m.Data)).toEqual([expect.objectContaining({ doorNumber: 1, doorStatus: 0 })]);
    const large = messages.filter((m) => m.MsgType === 'RefreshUsers' && m.Data.userIds.length === 3000);
    expect(large).toHaveLength(1);
    ws.close();
  });

  it('carries a burst to the other instance in order, to the sockets of its topics only', async () => {
    const admin = await signIn(two.a, 'admin');
    const address = two.b.server.listening ? two.b.server.address() : null;
    const base =
      address && typeof address === 'object'
        ? `ws://127.0.0.1:${address.port}`
        : (await two.b.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const onOne = await openRealtimeSocket(base + REALTIME_PATH, admin.token);
    const onOther = await openRealtimeSocket(base + REALTIME_PATH, admin.token);
    await onOne.subscribe(['place:900001']);
    await onOther.subscribe(['place:900002']);
    // Published in one go on A: they leave in a few notifications (several messages each), in order.
    const door = (placeId: number, lockerId: number) => ({
      MsgType: 'LockerUpdate' as const,
      Data: { placeId, lockerId, doorNumber: 1, status: 0, doorStatus: lockerId % 3, enabled: 1 },
    });
    const burst = Array.from({ length: 300 }, (_, i) => door(900_001 + (i % 2), i + 1));
    await Promise.all(burst.map((m) => two.a.realtime.publish(m)));
    const ids = (m: { MsgType: string; Data: Record<string, unknown> }[]) =>
      m.filter((x) => x.MsgType === 'LockerUpdate').map((x) => x.Data.lockerId);
    await waitFor(
      async () => ids(onOne.messages).length === 150 && ids(onOther.messages).length === 150,
      10_000,
    );
    expect(ids(onOne.messages)).toEqual(burst.filter((_, i) => i % 2 === 0).map((m) => m.Data.lockerId));
    expect(ids(onOther.messages)).toEqual(burst.filter((_, i) => i % 2 === 1).map((m) => m.Data.lockerId));
    onOne.ws.close();
    onOther.ws.close();
  });

  it('shares sessions and rate limits: a token from A works on B, failures on A count on B', async () => {
    const admin = await signIn(two.a, 'editor');
    expect((await callApi(two.b, admin.token, API.shell.search, {})).status).toBe(200);
    const grant = {
      grant_type: 'password',
      username: admin.username,
      password: 'wrong',
      client_id: 'cacifo-web',
      client_secret: 'cacifo-web-secret',
    };
    for (let i = 0; i < 5; i++)
      await two.a.inject({ method: 'POST', url: '/oauth/v2/token', payload: grant });
    const r = await two.b.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { ...grant, password: 'segredo1' },
    });
    expect(r.statusCode).toBe(429);
  });

  it('carries a message too large for NOTIFY to the other instance', async () => {
    const admin = await signIn(two.a, 'admin');
    const address = two.b.server.listening ? two.b.server.address() : null;
    const base =
      address && typeof address === 'object'
        ? `ws://127.0.0.1:${address.port}`
        : (await two.b.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const ws = new WebSocket(`${base}${REALTIME_PATH}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const received: Array<{ MsgType: string; Data: { userIds?: number[] } }> = [];
    ws.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString()) as (typeof received)[number]));
    await waitFor(async () => received.some((m) => m.MsgType === 'Authenticated'));
    // 3,000 user ids: about 17 KB of JSON, twice what PostgreSQL accepts in a notification.
    const userIds = Array.from({ length: 3000 }, (_, i) => 100_000 + i);
    await two.a.realtime.publish({ MsgType: 'RefreshUsers', Data: { userIds } } as RealtimeMessage);
    const got = await waitFor(async () => received.find((m) => m.MsgType === 'RefreshUsers'), 10_000);
    expect(got.Data.userIds).toEqual(userIds);
    ws.close();
  });

  it('forgets a cached session as soon as another instance announces a revocation', async () => {
    const editor = await signIn(two.a, 'editor');
    const ask = () => callApi(two.b, editor.token, API.shell.search, {});
    expect((await ask()).status).toBe(200);
    // Another instance revokes the token. Both apps here share this process's cache epoch, so the
    // other instance is played by a plain connection: first the write alone...
    const other = connectDatabase({ databaseUrl: two.db.databaseUrl, dataDir: two.db.dataDir });
    try {
      await sql`UPDATE tokens SET revoked_at = ${new Date().toISOString()} WHERE admin_id = ${editor.id}`.execute(
        other.db,
      );
      // ...which B does not see yet: its session cache answers (for at most a few seconds).
      expect((await ask()).status).toBe(200);
      // ...then the announcement every revoking write makes: B forgets and asks the database again.
      await sql`SELECT pg_notify(${SESSIONS_CHANNEL}, '')`.execute(other.db);
      await waitFor(async () => (await ask()).status === 401, 5_000);
    } finally {
      await other.close();
    }
  });
});
