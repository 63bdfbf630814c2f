import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import pg from 'pg';
import {
  can,
  MSG_TYPE,
  REALTIME_PATH,
  type MsgType,
  type Permission,
  type RealtimeMessage,
} from '@cacifo/contract';
import { forgetSessions, SESSIONS_CHANNEL } from '../modules/auth/session-changes.js';
import type { Account } from '../lib/account.js';
import { Broadcaster } from './realtime-broadcast.js';
import { realtimeMessagesRepository as messages } from './realtime-messages.repository.js';

export interface Realtime {
  /**
   * Sends to every authorised socket of every instance: this instance's sockets at once, the
   * others' through PostgreSQL NOTIFY. Resolves once the notification is sent; notifications
   * leave in the order of the calls, so a door's open and close never swap on another instance.
   */
  publish(message: RealtimeMessage): Promise<void>;
  /** Sockets connected to this instance. */
  clientCount(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const REALTIME_CHANNEL = 'cacifo_realtime';
/** Who may receive which message: the same permission table that guards the matching calls. */
const MESSAGE_PERMISSION: Record<MsgType, Permission> = {
  [MSG_TYPE.LOCKER_UPDATE]: 'session',
  [MSG_TYPE.UPDATE_CAPACITY]: 'session',
  [MSG_TYPE.UPDATE_TRANSACTIONS]: 'marketplace.view',
  [MSG_TYPE.REFRESH_USERS]: 'office.view',
  [MSG_TYPE.REFRESH_ASSETS]: 'assets.view',
};
const AUTH_GRACE_MS = 5000;
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const NOTIFY_MAX_BYTES = 7_900;
/** Every instance fetches a stored message within milliseconds; minutes is a wide margin. */
const LARGE_MESSAGE_KEPT_MS = 5 * 60_000;
const REVALIDATE_MS = 60_000;
/** Close codes the client reads: 4401 means log in again. */
const WS_CLOSE_UNAUTHORISED = 4401;

interface Client {
  socket: WebSocket;
  account: Account | null;
  token: string | null;
}

/**
 * WebSocket at the location-status path (SPEC §7). The token comes as a query parameter and/or as
 * the first message; a socket with no valid token within a few seconds is closed. With PostgreSQL,
 * messages go through LISTEN/NOTIFY so clients of every instance receive them.
 */
export const realtimePlugin = fp(async (app) => {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const clients = new Set<Client>();

  const lookup = (token: string): Promise<Account | null> => app.sessions.account(token);

  // One message goes to up to thousands of sockets: it is serialised once, framed once, and the
  // permission is decided once per role (realtime-broadcast.ts).
  const broadcaster = new Broadcaster(
    () => clients,
    (role, permission) => can(role, permission, app.config.modules),
  );
  const deliver = (message: RealtimeMessage) =>
    broadcaster.push(MESSAGE_PERMISSION[message.MsgType], Buffer.from(JSON.stringify(message)));

  const pool = app.dbHandle.pool;
  // Every notification names the instance that sent it, first in the payload, so that instance
  // (which delivered to its own sockets already) drops it without parsing it.
  const origin = randomUUID();
  const ownPrefix = `{"from":"${origin}"`;
  const tagged = (body: object) => JSON.stringify({ from: origin, ...body });
  // LISTEN holds its own connection, outside the pool, and comes back by itself if it drops.
  let listener: pg.Client | null = null;
  let closing = false;
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: app.dbHandle.url! });
    client.on('notification', (n) => {
      // The same connection tells this instance when another one revoked a session.
      if (n.channel === SESSIONS_CHANNEL) return forgetSessions();
      if (n.channel !== REALTIME_CHANNEL || !n.payload) return;
      void received(n.payload).catch((err: unknown) => app.log.warn({ err }, 'realtime: bad notification'));
    });
    client.on('error', (err) => {
      app.log.error({ err }, 'realtime: LISTEN connection lost');
      if (closing) return;
      listener = null;
      // Revocations sent while disconnected are lost: start from the database again.
      forgetSessions();
      setTimeout(
        () => void listen().catch((e: unknown) => app.log.error({ err: e }, 'realtime: LISTEN retry failed')),
        1000,
      ).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
    listener = client;
  };
  if (pool) await listen();

  const received = async (payload: string) => {
    if (payload.startsWith(ownPrefix)) return;
    const { from: _from, ...parsed } = JSON.parse(payload) as { from?: string } & (
      RealtimeMessage | { ref: number }
    );
    if (!('ref' in parsed)) return deliver(parsed);
    const stored = await messages.payload(app.db, parsed.ref);
    if (stored) deliver(JSON.parse(stored) as RealtimeMessage);
  };

  const notify = async (message: RealtimeMessage) => {
    const payload = tagged(message);
    if (Buffer.byteLength(payload) <= NOTIFY_MAX_BYTES) {
      await pool!.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
      return;
    }
    // Too large for NOTIFY: stored, and the notification names the row.
    const now = Date.now();
    const id = await messages.store(app.db, JSON.stringify(message), new Date(now));
    await pool!.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, tagged({ ref: id })]);
    await messages.purgeBefore(app.db, new Date(now - LARGE_MESSAGE_KEPT_MS));
  };
  // One notification at a time, in call order: from the pool, two in flight could arrive swapped.
  let notifying: Promise<void> = Promise.resolve();

  const realtime: Realtime = {
    async publish(message) {
      // This instance's sockets need no round trip to the database and back.
      deliver(message);
      if (!pool) return;
      const sent = notifying.then(() => notify(message));
      notifying = sent.catch(() => {});
      return sent;
    },
    clientCount: () => clients.size,
  };
  app.decorate('realtime', realtime);

  const revalidate = setInterval(() => {
    for (const c of clients) {
      if (!c.token) continue;
      void lookup(c.token).then((acc) => {
        if (!acc) c.socket.close(WS_CLOSE_UNAUTHORISED, 'sessionExpired');
      });
    }
  }, REVALIDATE_MS);
  revalidate.unref();

  app.addHook('onClose', async () => {
    clearInterval(revalidate);
    broadcaster.flush();
    for (const c of clients) c.socket.close(1001, 'server shutting down');
    closing = true;
    await listener?.end().catch(() => {});
  });

  app.get(REALTIME_PATH, { websocket: true, config: { permission: 'public' } }, (socket, req) => {
    const client: Client = { socket, account: req.account, token: null };
    const q = req.query as Record<string, unknown>;
    if (req.account && typeof q.token === 'string') client.token = q.token;
    clients.add(client);
    const grace = setTimeout(() => {
      if (!client.account) socket.close(WS_CLOSE_UNAUTHORISED, 'sessionExpired');
    }, AUTH_GRACE_MS);
    socket.on('message', (raw: Buffer) => {
      // The only message a client sends is its token (SPEC: "sends it on open").
      let token: string | null = null;
      try {
        const parsed = JSON.parse(raw.toString()) as { token?: unknown };
        token = typeof parsed.token === 'string' ? parsed.token : null;
      } catch {
        token = raw.toString().trim() || null;
      }
      if (!token) return;
      void lookup(token).then((acc) => {
        if (!acc) return socket.close(WS_CLOSE_UNAUTHORISED, 'sessionExpired');
        client.account = acc;
        client.token = token;
        socket.send(JSON.stringify({ MsgType: 'Authenticated', Data: { username: acc.username } }));
      });
    });
    socket.on('close', () => {
      clearTimeout(grace);
      clients.delete(client);
    });
    if (client.account)
      socket.send(JSON.stringify({ MsgType: 'Authenticated', Data: { username: client.account.username } }));
  });
});
