import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { Permission, Role } from '@cacifo/contract';

/** Longest a message waits for others to share its socket writes. */
const COALESCE_MAX_MS = 10;
/** A flush shorter than this leaves no pause: the next message goes out on the next turn. */
const CHEAP_FLUSH_MS = 1;

/**
 * How long the next flush waits after one that took `flushMs`: twice its time, so writing takes at
 * most a third of the event loop, and nothing when it was cheap. A fixed 10 ms made every message
 * that came right after another wait the full 10 ms even when a flush took a tenth of a
 * millisecond (50 places, 20 sockets each: the bench's p99 was most of that wait).
 */
export function pauseAfter(flushMs: number): number {
  return flushMs < CHEAP_FLUSH_MS ? 0 : Math.min(COALESCE_MAX_MS, 2 * flushMs);
}

export interface Recipient {
  socket: WebSocket;
  account: { role: Role } | null;
}

/**
 * Who holds which topic on this instance (issue #34). A socket that never subscribed is "open":
 * it receives every message its role may read except the subscription-only ones (the SPEC's
 * protocol, for older clients). One that did receives only its topics' messages.
 */
export class Subscriptions<R extends Recipient> {
  readonly all = new Set<R>();
  readonly open = new Set<R>();
  private readonly byTopic = new Map<string, Set<R>>();
  private readonly topicsOf = new Map<R, readonly string[]>();

  add(r: R): void {
    this.all.add(r);
    this.open.add(r);
  }

  remove(r: R): void {
    this.all.delete(r);
    this.open.delete(r);
    this.unsubscribe(r);
  }

  /** Replaces the socket's topics with these (deduplicated by the caller or not: a Set holds each once). */
  subscribe(r: R, topics: readonly string[]): void {
    if (!this.all.has(r)) return;
    this.open.delete(r);
    this.unsubscribe(r);
    this.topicsOf.set(r, topics);
    for (const t of topics) {
      let set = this.byTopic.get(t);
      if (!set) this.byTopic.set(t, (set = new Set()));
      set.add(r);
    }
  }

  holders(topic: string): ReadonlySet<R> | undefined {
    return this.byTopic.get(topic);
  }

  private unsubscribe(r: R): void {
    for (const t of this.topicsOf.get(r) ?? []) {
      const set = this.byTopic.get(t);
      set?.delete(r);
      if (set?.size === 0) this.byTopic.delete(t);
    }
    this.topicsOf.delete(r);
  }
}

// `ws` exports its frame builder (`WebSocket.Sender`); its type declarations do not list it.
const { Sender } = WebSocket as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, boolean | number>): Buffer[] };
};

export interface Delivery {
  permission: Permission;
  /** The topics whose holders receive it. */
  topics: readonly string[];
  /** Only for subscribers: open sockets do not get it (the PlacesChanged digest). */
  subscribedOnly?: boolean;
}

interface Pending extends Delivery {
  data: Buffer;
  /** The message as a WebSocket text frame: a server's frames are not masked, so every socket gets the same bytes. */
  frame: Buffer;
}

/**
 * Sends realtime messages to the sockets that hold their topics. At a hundred door events a second
 * the socket writes alone fill a core (docs/performance.md), so messages that follow each other
 * closely are written together: each is framed once, each distinct set of messages is joined once,
 * and each socket gets one write per flush. After a flush the next waits in proportion to what that
 * one cost (pauseAfter): cheap fan-outs go out on the next turn of the loop, costly ones share
 * their writes, and a quiet system adds no delay.
 *
 * The joined frames go straight to the socket under `ws` (`_socket`, as `ws` keeps it); each
 * write is whole frames, so the stream stays well formed beside `ws`'s own writes. A socket
 * without one gets the messages through `ws`, one by one.
 */
export class Broadcaster<R extends Recipient> {
  private pending: Pending[] = [];
  /** Cancels the scheduled flush (a timeout or an immediate), while one is pending. */
  private cancel: (() => void) | null = null;
  /** When the next flush may come at the earliest (the last one's end plus its pause). */
  private nextFlush = 0;

  constructor(
    private readonly subscriptions: Subscriptions<R>,
    private readonly allowed: (role: Role, permission: Permission) => boolean,
    /** The clock, a test's own to make a flush look costly. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * `now`: written in this turn of the loop unless a pause is due, with whatever waits before it.
   * A door report is shown before it is recorded (ADR 0231); written at once, its message leaves
   * before the recording's statements, which on SQLite run in this very process and on PostgreSQL
   * wake the database's processes on the same cores (docs/performance.md set M).
   */
  push(delivery: Delivery, data: Buffer, now = false): void {
    const frame = Buffer.concat(
      Sender.frame(data, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }),
    );
    this.pending.push({ ...delivery, data, frame });
    const wait = this.nextFlush - this.now();
    if (now && wait <= 0) return this.flush();
    if (this.cancel) return;
    if (wait > 0) {
      const t = setTimeout(this.flush, wait);
      this.cancel = () => clearTimeout(t);
    } else {
      const i = setImmediate(this.flush);
      this.cancel = () => clearImmediate(i);
    }
  }

  readonly flush = (): void => {
    this.cancel?.();
    this.cancel = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const started = this.now();
    this.write(batch);
    const ended = this.now();
    this.nextFlush = ended + pauseAfter(ended - started);
  };

  private write(batch: Pending[]): void {
    // Which messages each socket gets, in order, each once (a socket may hold several topics).
    const wanted = new Map<R, number[]>();
    const add = (r: R, i: number) => {
      const list = wanted.get(r);
      if (!list) wanted.set(r, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    };
    batch.forEach((m, i) => {
      if (!m.subscribedOnly) for (const r of this.subscriptions.open) add(r, i);
      for (const t of m.topics) for (const r of this.subscriptions.holders(t) ?? []) add(r, i);
    });
    // Roles are few and so are distinct message sets: each permission is decided once per role
    // and each set of frames joined once, not per socket.
    const mayRead = new Map<Role, boolean[]>();
    const joined = new Map<string, { messages: Pending[]; bytes: Buffer } | null>();
    for (const [r, indices] of wanted) {
      if (!r.account || r.socket.readyState !== r.socket.OPEN) continue;
      const role = r.account.role;
      let allowed = mayRead.get(role);
      if (!allowed) mayRead.set(role, (allowed = batch.map((m) => this.allowed(role, m.permission))));
      const key = `${role}:${indices.join(',')}`;
      let out = joined.get(key);
      if (out === undefined) {
        const messages = indices.filter((i) => allowed[i]).map((i) => batch[i]!);
        out = messages.length ? { messages, bytes: Buffer.concat(messages.map((m) => m.frame)) } : null;
        joined.set(key, out);
      }
      if (!out) continue;
      const raw = (r.socket as unknown as { _socket?: Socket })._socket;
      if (raw?.writable) raw.write(out.bytes);
      else for (const m of out.messages) r.socket.send(m.data, { binary: false });
    }
  }
}
