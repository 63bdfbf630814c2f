import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeMessage } from '@cacifo/contract';
import type { Db } from '../db/schema.js';
import { forgetSessions, SESSIONS_CHANNEL } from '../modules/auth/session-changes.js';
import { realtimeMessagesRepository as messages } from './realtime-messages.repository.js';

export const REALTIME_CHANNEL = 'cacifo_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const NOTIFY_MAX_BYTES = 7_900;
/** Every instance fetches a stored message within milliseconds; minutes is a wide margin. */
const LARGE_MESSAGE_KEPT_MS = 5 * 60_000;

interface Queued {
  message: RealtimeMessage;
  json: string;
  done: (err?: unknown) => void;
}

/**
 * Carries realtime messages to the other instances through PostgreSQL LISTEN/NOTIFY. Messages
 * published while a notification is on its way leave together in the next one (as a JSON array,
 * up to the NOTIFY limit), so a burst costs a few round trips instead of one per message, and the
 * order of the calls is kept. Each instance then hands a message only to its own sockets that hold
 * its topics (realtime-broadcast.ts): an instance whose sockets show other places parses it and
 * writes nothing.
 */
export class RealtimeFanout {
  /** Names this instance first in every payload, so it drops its own without parsing them. */
  private readonly origin = randomUUID();
  private readonly ownPrefix = `{"from":"${this.origin}"`;
  private queue: Queued[] = [];
  private sending = false;
  private listener: pg.Client | null = null;
  private closing = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Delivers a message from another instance to this one's sockets. */
    private readonly deliver: (message: RealtimeMessage) => void,
  ) {}

  /** LISTEN holds its own connection, outside the pool, and comes back by itself if it drops. */
  async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      // The same connection tells this instance when another one revoked a session.
      if (n.channel === SESSIONS_CHANNEL) return forgetSessions();
      if (n.channel !== REALTIME_CHANNEL || !n.payload) return;
      void this.received(n.payload).catch((err: unknown) =>
        this.log.warn({ err }, 'realtime: bad notification'),
      );
    });
    client.on('error', (err) => {
      this.log.error({ err }, 'realtime: LISTEN connection lost');
      if (this.closing) return;
      this.listener = null;
      // Revocations sent while disconnected are lost: start from the database again.
      forgetSessions();
      setTimeout(
        () =>
          void this.listen().catch((e: unknown) =>
            this.log.error({ err: e }, 'realtime: LISTEN retry failed'),
          ),
        1000,
      ).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
    this.listener = client;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.listener?.end().catch(() => {});
  }

  /** Resolves once the notification carrying the message is sent. */
  send(message: RealtimeMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        message,
        json: JSON.stringify(message),
        done: (err) => (err ? reject(err) : resolve()),
      });
      if (!this.sending) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.sending = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.take();
        try {
          await this.notify(batch);
          for (const q of batch) q.done();
        } catch (err) {
          for (const q of batch) q.done(err);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** The longest run from the head of the queue whose payload fits one notification (at least one). */
  private take(): Queued[] {
    let bytes = this.ownPrefix.length + 10;
    let n = 0;
    for (const q of this.queue) {
      const size = Buffer.byteLength(q.json) + 1;
      if (n > 0 && bytes + size > NOTIFY_MAX_BYTES) break;
      bytes += size;
      n++;
    }
    return this.queue.splice(0, n);
  }

  private async notify(batch: Queued[]): Promise<void> {
    const payload = `${this.ownPrefix},"m":[${batch.map((q) => q.json).join(',')}]}`;
    if (Buffer.byteLength(payload) <= NOTIFY_MAX_BYTES) {
      await this.pool.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
      return;
    }
    // One message too large for NOTIFY: stored, and the notification names the row.
    const now = Date.now();
    const id = await messages.store(this.db, batch[0]!.json, new Date(now));
    await this.pool.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, `${this.ownPrefix},"ref":${id}}`]);
    await messages.purgeBefore(this.db, new Date(now - LARGE_MESSAGE_KEPT_MS));
  }

  private async received(payload: string): Promise<void> {
    if (payload.startsWith(this.ownPrefix)) return;
    const parsed = JSON.parse(payload) as { m?: RealtimeMessage[]; ref?: number } | RealtimeMessage;
    if ('m' in parsed && Array.isArray(parsed.m)) {
      for (const message of parsed.m) this.deliver(message);
      return;
    }
    if ('ref' in parsed && typeof parsed.ref === 'number') {
      const stored = await messages.payload(this.db, parsed.ref);
      if (stored) this.deliver(JSON.parse(stored) as RealtimeMessage);
      return;
    }
    // A single message, as a plain NOTIFY from outside the app (or an older instance) sends it.
    if ('MsgType' in parsed) {
      const { from: _from, ...message } = parsed as RealtimeMessage & { from?: string };
      this.deliver(message as RealtimeMessage);
    }
  }
}
