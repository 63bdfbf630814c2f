import { randomUUID } from 'node:crypto';
import type { Clock, TimerHandle } from '@cacifo/simulator';
import type { DriverTiming } from './locker-driver.js';

/**
 * Controller traffic partitioned across server instances with MQTT shared subscriptions (ADR
 * 0141): the broker hands each report to one member of the group. What that leaves to the
 * instances themselves lives here: which commands are whose (a result or door event answering a
 * command goes to the instance that sent it), and which controllers each instance heard (liveness
 * is the union of what every instance heard).
 */
export interface SharedTrafficOptions {
  /** The share group: every instance of one deployment uses the same. */
  group: string;
  prefix: string;
  instance: string;
  /** How often the controllers heard are told to the other instances. */
  digestEveryMs: number;
  /** How long a command id is remembered (its ack, result and door event come within it). */
  commandTtlMs: number;
  /** How long a snapshot asked for is awaited (its controller answers at once, like an ack). */
  snapshotTtlMs: number;
  clock: Clock;
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  /** Another instance heard this controller at `at` (ms). */
  seenElsewhere(placeId: number, at: number): void;
}

/** A controller message passed to the instance whose command it answers. */
interface Forwarded {
  from: string;
  placeId: number;
  payload: string;
}

interface SeenDigest {
  from: string;
  seen: Array<[placeId: number, at: number]>;
}

export type CommandOwner = 'own' | 'foreign' | 'unknown';

export class SharedTraffic {
  /** Messages this instance received on the shared topics, and those it passed on to another. */
  readonly stats = { received: 0, forwarded: 0, forwardsTaken: 0, digestsSent: 0 };
  private readonly own = new Map<string, number>();
  private readonly foreign = new Map<string, number>();
  private heardSince = new Map<number, number>();
  /** When each controller's last will (offline) came: a digest of older hearings does not revive it. */
  private readonly willAt = new Map<number, number>();
  /** Places a snapshot was asked of (by any instance), until when its answer is awaited. */
  private readonly snapshotsAsked = new Map<number, number>();
  private readonly timer: TimerHandle;

  static create(
    group: string,
    prefix: string,
    timing: DriverTiming,
    clock: Clock,
    io: Pick<SharedTrafficOptions, 'publish' | 'seenElsewhere'>,
  ): SharedTraffic {
    const { ackTimeoutMs, resultTimeoutMs, confirmGraceMs, offlineAfterMs } = timing;
    return new SharedTraffic({
      group,
      prefix,
      instance: randomUUID().slice(0, 8),
      // Three digests within the offline threshold: one lost is made up by the next.
      digestEveryMs: Math.max(50, Math.floor(offlineAfterMs / 3)),
      commandTtlMs: ackTimeoutMs + resultTimeoutMs + 2 * confirmGraceMs,
      snapshotTtlMs: ackTimeoutMs,
      clock,
      ...io,
    });
  }

  constructor(private readonly o: SharedTrafficOptions) {
    this.timer = o.clock.setInterval(() => void this.sendDigest(), o.digestEveryMs);
  }

  get seenTopic(): string {
    return `${this.o.prefix}/_servers/seen`;
  }

  get forwardTopic(): string {
    return `${this.o.prefix}/_servers/forward`;
  }

  /** The filter this instance subscribes with for a topic every report of which costs work. */
  shared(topic: string): string {
    return `$share/${this.o.group}/${topic}`;
  }

  /** Every controller message that arrived on a shared topic. */
  heard(placeId: number): void {
    this.stats.received++;
    this.heardSince.set(placeId, this.o.clock.now());
  }

  sentCommand(placeId: number, command: { action: string; commandId: string }): void {
    this.own.set(command.commandId, this.o.clock.now() + this.o.commandTtlMs);
    if (command.action === 'snapshot')
      this.snapshotsAsked.set(placeId, this.o.clock.now() + this.o.snapshotTtlMs);
  }

  heardCommand(placeId: number, command: { action: string; commandId: string }): void {
    const now = this.o.clock.now();
    if (!this.own.has(command.commandId)) this.foreign.set(command.commandId, now + this.o.commandTtlMs);
    if (command.action === 'snapshot') this.snapshotsAsked.set(placeId, now + this.o.snapshotTtlMs);
  }

  /**
   * A controller republishes its snapshot after every change, and the broker may hand it to
   * another instance than the change's event: applied there first, the change would be recorded
   * from the snapshot (uncommanded) and the event's own record (who opened it) refused as older.
   * So only a snapshot some instance asked for (a controller back, an instance starting, a result
   * without its event) is applied, the first one each instance receives after the ask; the
   * changes in the others come as events.
   */
  takeAwaitedSnapshot(placeId: number): boolean {
    const until = this.snapshotsAsked.get(placeId);
    if (until === undefined) return false;
    this.snapshotsAsked.delete(placeId);
    return until >= this.o.clock.now();
  }

  owner(commandId: string): CommandOwner {
    if (this.own.has(commandId)) return 'own';
    return this.foreign.has(commandId) ? 'foreign' : 'unknown';
  }

  /** Passes a controller message to every instance; the one that sent its command takes it. */
  async forward(placeId: number, payload: string): Promise<void> {
    this.stats.forwarded++;
    const message: Forwarded = { from: this.o.instance, placeId, payload };
    await this.o.publish(this.forwardTopic, JSON.stringify(message), 1).catch(() => undefined);
  }

  /** A forwarded message this instance should handle (it sent the command), or null. */
  takeForwarded(text: string): { placeId: number; payload: string } | null {
    const m = parseJson(text) as Partial<Forwarded> | null;
    if (!m || typeof m.placeId !== 'number' || typeof m.payload !== 'string') return null;
    const commandId = commandIdOf(parseJson(m.payload));
    if (commandId === null || this.owner(commandId) !== 'own') return null;
    this.stats.forwardsTaken++;
    return { placeId: m.placeId, payload: m.payload };
  }

  died(placeId: number): void {
    this.willAt.set(placeId, this.o.clock.now());
  }

  diedAfter(placeId: number, at: number): boolean {
    return (this.willAt.get(placeId) ?? -1) >= at;
  }

  forget(placeId: number): void {
    this.willAt.delete(placeId);
    this.snapshotsAsked.delete(placeId);
  }

  /** A message on the servers' own topics: a digest is applied; a forward for us comes back. */
  takeServers(topic: string, text: string): { placeId: number; payload: string } | null {
    if (topic === this.seenTopic) this.takeDigest(text);
    return topic === this.forwardTopic ? this.takeForwarded(text) : null;
  }

  /** Applies another instance's digest: each controller it heard counts as heard here. */
  takeDigest(text: string): void {
    const d = parseJson(text) as Partial<SeenDigest> | null;
    if (!d || d.from === this.o.instance || !Array.isArray(d.seen)) return;
    for (const entry of d.seen) {
      if (Array.isArray(entry) && typeof entry[0] === 'number' && typeof entry[1] === 'number')
        this.o.seenElsewhere(entry[0], entry[1]);
    }
  }

  close(): void {
    this.o.clock.clearInterval(this.timer);
  }

  private async sendDigest(): Promise<void> {
    const now = this.o.clock.now();
    for (const map of [this.own, this.foreign, this.snapshotsAsked])
      for (const [key, until] of map) if (until < now) map.delete(key as never);
    if (this.heardSince.size === 0) return;
    const seen = [...this.heardSince];
    this.heardSince = new Map();
    this.stats.digestsSent++;
    const digest: SeenDigest = { from: this.o.instance, seen };
    // QoS 0: a lost digest is made up by the next one, well within the offline threshold.
    await this.o.publish(this.seenTopic, JSON.stringify(digest), 0).catch(() => undefined);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The command id a controller event answers (ack, result, door and exterior door events). */
export function commandIdOf(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const id = (json as { commandId?: unknown }).commandId;
  return typeof id === 'string' ? id : null;
}

export function parseControllerJson(text: string): unknown {
  return parseJson(text);
}
