import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  can,
  isRealtimeTopic,
  MAX_REALTIME_TOPICS,
  messageTopics,
  MSG_TYPE,
  PLACES_DIGEST_MS,
  REALTIME_PATH,
  REALTIME_TOPIC,
  type MsgType,
  type Permission,
  type RealtimeMessage,
} from '@cacifo/contract';
import type { Account } from '../lib/account.js';
import { bearerToken } from './auth.js';
import { Broadcaster, Subscriptions } from './realtime-broadcast.js';
import { RealtimeFanout } from './realtime-fanout.js';

export { REALTIME_CHANNEL } from './realtime-fanout.js';

export interface Realtime {
  /**
   * Sends to the authorised sockets of every instance that hold the message's topics: this
   * instance's at once, the others' through PostgreSQL NOTIFY. Resolves once the notification is
   * sent; notifications leave in the order of the calls, so a door's open and close never swap on
   * another instance. `now`: this instance's sockets get it in this turn of the loop, before the
   * caller goes on (a door report shown before its recording: realtime-broadcast.ts).
   */
  publish(message: RealtimeMessage, opts?: { now?: boolean }): Promise<void>;
  /** Sockets connected to this instance. */
  clientCount(): number;
  /**
   * Hears every message this instance delivers, its own and the other instances', sockets or not
   * (the door state cache: door-state-cache.ts). Returns the way to stop.
   */
  observe(listener: (message: RealtimeMessage) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Who may receive which message: the same permission table that guards the matching calls. */
const MESSAGE_PERMISSION: Record<MsgType, Permission> = {
  [MSG_TYPE.LOCKER_UPDATE]: 'session',
  [MSG_TYPE.UPDATE_CAPACITY]: 'session',
  [MSG_TYPE.PLACES_CHANGED]: 'session',
  [MSG_TYPE.UPDATE_TRANSACTIONS]: 'marketplace.view',
  [MSG_TYPE.REFRESH_USERS]: 'office.view',
  [MSG_TYPE.REFRESH_ASSETS]: 'assets.view',
};
const AUTH_GRACE_MS = 5000;
const REVALIDATE_MS = 60_000;
/** Close codes the client reads: 4401 means log in again. */
const WS_CLOSE_UNAUTHORISED = 4401;

interface Client {
  socket: WebSocket;
  account: Account | null;
  token: string | null;
}

/** A client's message: its token (SPEC: "sends it on open"), or its topics (issue #34). */
function parseClientMessage(raw: string): { token: string } | { subscribe: unknown } | null {
  try {
    const parsed = JSON.parse(raw) as { token?: unknown; subscribe?: unknown } | null;
    if (parsed && typeof parsed === 'object' && 'subscribe' in parsed) return { subscribe: parsed.subscribe };
    if (typeof parsed?.token === 'string') return { token: parsed.token };
    return null;
  } catch {
    const token = raw.trim();
    return token ? { token } : null;
  }
}

/**
 * WebSocket at the location-status path (SPEC §7). The token comes as the first message (a browser)
 * or in the Authorization header (a server-side client), never in the URL, which logs and proxies
 * keep (issue #31); a socket with no valid token within a few seconds is closed. A socket names
 * the topics its screens show and receives only their messages (contract realtime.ts). With
 * PostgreSQL, messages reach the other instances through LISTEN/NOTIFY (realtime-fanout.ts).
 */
export const realtimePlugin = fp(async (app) => {
  const subscriptions = new Subscriptions<Client>();
  const clients = subscriptions.all;

  const lookup = (token: string): Promise<Account | null> => app.sessions.account(token);

  // One message goes to up to thousands of sockets: it is serialised once, framed once, and the
  // permission is decided once per role (realtime-broadcast.ts).
  const broadcaster = new Broadcaster(subscriptions, (role, permission) =>
    can(role, permission, app.config.modules),
  );

  // Lists and counts that any door may move hear of it through one digest per PLACES_DIGEST_MS,
  // made on each instance from what it delivers, not one message per door event.
  const changedPlaces = new Set<number>();
  let digest: ReturnType<typeof setTimeout> | null = null;
  const sendDigest = () => {
    digest = null;
    const placeIds = [...changedPlaces];
    changedPlaces.clear();
    const message: RealtimeMessage = { MsgType: MSG_TYPE.PLACES_CHANGED, Data: { placeIds } };
    broadcaster.push(
      { permission: 'session', topics: messageTopics(message), subscribedOnly: true },
      Buffer.from(JSON.stringify(message)),
    );
  };

  const observers = new Set<(message: RealtimeMessage) => void>();
  const deliver = (message: RealtimeMessage, now = false) => {
    for (const observe of observers) observe(message);
    if (clients.size === 0) return;
    broadcaster.push(
      { permission: MESSAGE_PERMISSION[message.MsgType], topics: messageTopics(message) },
      Buffer.from(JSON.stringify(message)),
      now,
    );
    if (
      (message.MsgType === MSG_TYPE.LOCKER_UPDATE || message.MsgType === MSG_TYPE.UPDATE_CAPACITY) &&
      subscriptions.holders(REALTIME_TOPIC.DOORS)
    ) {
      changedPlaces.add(message.Data.placeId);
      digest ??= setTimeout(sendDigest, PLACES_DIGEST_MS);
    }
  };

  const pool = app.dbHandle.pool;
  const fanout = pool ? new RealtimeFanout(pool, app.dbHandle.url!, app.db, app.log, deliver) : null;
  await fanout?.listen();

  const realtime: Realtime = {
    async publish(message, opts) {
      // This instance's sockets need no round trip to the database and back.
      deliver(message, opts?.now);
      await fanout?.send(message);
    },
    clientCount: () => clients.size,
    observe(listener) {
      observers.add(listener);
      return () => observers.delete(listener);
    },
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

  // Upgrades reach @fastify/websocket only at the realtime path: it listens on this emitter instead
  // of the server (its `server` option), and any other path is refused here, before routing.
  const upgrades = new EventEmitter();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (req.url?.split('?')[0] === REALTIME_PATH) upgrades.emit('upgrade', req, socket, head);
    else refuseUpgrade(socket);
  };
  app.server.on('upgrade', onUpgrade);

  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    clearInterval(revalidate);
    if (digest) clearTimeout(digest);
    broadcaster.flush();
    for (const c of clients) c.socket.close(1001, 'server shutting down');
    await fanout?.close();
  });

  const subscribe = (client: Client, topics: unknown) => {
    const valid =
      Array.isArray(topics) &&
      topics.length <= MAX_REALTIME_TOPICS &&
      topics.every((t) => isRealtimeTopic(t));
    if (!valid) {
      // Bad input changes nothing: the previous topics stay.
      client.socket.send(
        JSON.stringify({ MsgType: 'SubscriptionRefused', Data: { Description: 'invalidInput' } }),
      );
      return;
    }
    const set = [...new Set(topics as string[])];
    subscriptions.subscribe(client, set);
    client.socket.send(JSON.stringify({ MsgType: 'Subscribed', Data: { topics: set } }));
  };

  // The plugin in a context holding the realtime route alone (issue #34): its request and response
  // hooks and the wrapper it puts around every route's handler stay off the other routes. The
  // global hooks (authentication among them) still run on the upgrade, as before.
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: 4096, server: upgrades as unknown as Server },
    });
    scope.get(REALTIME_PATH, { websocket: true, config: { permission: 'public' } }, onSocket);
  });

  function onSocket(socket: WebSocket, req: FastifyRequest) {
    const client: Client = { socket, account: req.account, token: null };
    if (req.account) client.token = bearerToken(req.headers.authorization);
    subscriptions.add(client);
    const grace = setTimeout(() => {
      if (!client.account) socket.close(WS_CLOSE_UNAUTHORISED, 'sessionExpired');
    }, AUTH_GRACE_MS);
    const handle = async (raw: Buffer) => {
      const message = parseClientMessage(raw.toString());
      if (!message) return;
      if ('subscribe' in message) return subscribe(client, message.subscribe);
      const { token } = message;
      const acc = await lookup(token);
      if (!acc) return socket.close(WS_CLOSE_UNAUTHORISED, 'sessionExpired');
      client.account = acc;
      client.token = token;
      socket.send(JSON.stringify({ MsgType: 'Authenticated', Data: { username: acc.username } }));
    };
    // A socket's messages are handled in the order sent: a browser sends its token and then its
    // topics, and "Subscribed" must not go out while the token is still being looked up, or a
    // message published in between (no account yet, so not delivered) is lost to a client that
    // believes it is listening.
    let inOrder: Promise<void> = Promise.resolve();
    socket.on('message', (raw: Buffer) => {
      inOrder = inOrder
        .then(() => handle(raw))
        .catch((err: unknown) => app.log.warn({ err }, 'realtime message'));
    });
    socket.on('close', () => {
      clearTimeout(grace);
      subscriptions.remove(client);
    });
    if (client.account)
      socket.send(JSON.stringify({ MsgType: 'Authenticated', Data: { username: client.account.username } }));
  }
});

/** An upgrade at another path: no route of the app speaks WebSocket there. */
function refuseUpgrade(socket: Duplex) {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
}
