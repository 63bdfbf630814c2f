import type {
  ControllerMessage,
  DeviceCredentialDelta,
  DeviceCredentialSet,
  DeviceJournalAck,
  DeviceJournalEntry,
  LocalStatus,
} from '@cacifo/contract';
import { systemClock, type Clock } from './clock.js';
import type { SimulatedController } from './controller.js';
import { CredentialStore } from './credential-store.js';
import { Journal } from './journal.js';

export interface OfflineAgentOptions {
  controller: SimulatedController;
  /** The place key provisioned at installation (32 bytes); without it the wall decides nothing alone. */
  key: Buffer | null;
  clock?: Clock;
  /** No server heartbeat for this long: the server is unreachable (default 15 s). */
  serverTimeoutMs?: number;
  /** An entry sent without acknowledgement is sent again after this long, at a heartbeat (default 3 s). */
  resendAfterMs?: number;
}

type Sequence = { boot: number; seq: number };
/** A journal entry as the agent writes it, before its place in the controller's history. */
type Unsequenced = DeviceJournalEntry extends infer E
  ? E extends DeviceJournalEntry
    ? Omit<E, 'boot' | 'seq'>
    : never
  : never;

/**
 * The controller's offline half (docs/adr/0125): holds the credential set, knows whether the server
 * is there, and journals what the controller did on its own, until the server acknowledges it.
 * Transports feed it the server's messages and publish what it hands to `onJournal`.
 */
export class OfflineAgent {
  readonly controller: SimulatedController;
  readonly store: CredentialStore;
  readonly journal = new Journal();
  private readonly clock: Clock;
  private readonly serverTimeoutMs: number;
  private readonly resendAfterMs: number;
  private lastServerAt: number | null = null;
  private readonly publishers = new Set<(entry: DeviceJournalEntry) => void>();
  /** Doors the controller opened itself, by the seq of the entry that opened them, until they close. */
  private readonly held = new Map<number, number>();
  /** Entries being decided (doors opening): what their doors do waits, so the server reads them in order. */
  private readonly deciding = new Set<number>();
  private readonly unobserve: () => void;

  constructor(options: OfflineAgentOptions) {
    this.controller = options.controller;
    this.store = new CredentialStore(options.key);
    this.clock = options.clock ?? systemClock;
    this.serverTimeoutMs = options.serverTimeoutMs ?? 15_000;
    this.resendAfterMs = options.resendAfterMs ?? 3000;
    this.unobserve = this.controller.observe((m) => this.observe(m));
  }

  get serverReachable(): boolean {
    return this.lastServerAt !== null && this.clock.now() - this.lastServerAt <= this.serverTimeoutMs;
  }

  onJournal(publish: (entry: DeviceJournalEntry) => void): () => void {
    this.publishers.add(publish);
    return () => this.publishers.delete(publish);
  }

  /** A server heartbeat (or any message from the server): whatever is unacknowledged goes again. */
  serverSeen(): void {
    this.lastServerAt = this.clock.now();
    this.flush();
  }

  /** The transport lost the broker: nobody can hear us until it is back. */
  serverLost(): void {
    this.lastServerAt = null;
  }

  applyCredentials(set: DeviceCredentialSet): boolean {
    return set.placeId === this.controller.placeId && this.store.applySet(set);
  }

  applyDelta(delta: DeviceCredentialDelta): boolean {
    return delta.placeId === this.controller.placeId && this.store.applyDelta(delta);
  }

  applyAck(ack: DeviceJournalAck): void {
    if (ack.placeId === this.controller.placeId) this.journal.acknowledge(ack);
  }

  status(): LocalStatus {
    return {
      placeId: this.controller.placeId,
      serverReachable: this.serverReachable,
      credentialsVersion: this.store.version,
      credentials: this.store.size,
      journalPending: this.journal.size,
      at: this.clock.now(),
    };
  }

  /** Reserves the place in history of an entry about to be written (its doors open after it). */
  nextSequence(): Sequence {
    // One history with the controller's events (docs/devices.md, "Sequence numbers").
    return this.controller.nextSequence();
  }

  /** Writes an entry; the doors it opened are journalled until they close. */
  write(entry: Unsequenced, at: Sequence): DeviceJournalEntry {
    const full = { ...entry, ...at } as DeviceJournalEntry;
    this.deciding.delete(at.seq);
    this.journal.add(full);
    this.flush();
    return full;
  }

  /** Doors about to be opened by the entry with this seq: their changes are journalled. */
  hold(door: number, seq: number): void {
    this.held.set(door, seq);
    this.deciding.add(seq);
  }

  /** The decision with this seq opened nothing: it writes no entry, and holds nothing back. */
  release(seq: number): void {
    this.deciding.delete(seq);
    for (const [door, s] of this.held) if (s === seq) this.held.delete(door);
    this.flush();
  }

  stop(): void {
    this.unobserve();
  }

  private flush(): void {
    if (!this.serverReachable || this.publishers.size === 0) return;
    const waiting = (e: DeviceJournalEntry) =>
      e.type === 'door' && e.access !== undefined && this.deciding.has(e.access);
    for (const entry of this.journal.due(this.clock.now(), this.resendAfterMs, waiting)) {
      for (const publish of this.publishers) publish(entry);
    }
  }

  /**
   * What the server could not hear (unreachable), and every change of a door the controller
   * opened itself, goes to the journal with the event's own place in history.
   */
  private observe(message: ControllerMessage): void {
    if (message.topic !== 'event') return;
    const e = message.payload;
    if (e.type !== 'door' && e.type !== 'tag') return;
    const access = this.held.get(e.door);
    if (access === undefined && this.serverReachable) return;
    const at = this.sequenceOf(e);
    if (e.type === 'tag') {
      this.write({ type: 'tag', door: e.door, tagId: e.tagId, present: e.present, at: e.at }, at);
      return;
    }
    if (!e.open) this.held.delete(e.door);
    this.write(
      {
        type: 'door',
        door: e.door,
        status: e.status,
        open: e.open,
        ...(access !== undefined ? { access } : {}),
        at: e.at,
      },
      at,
    );
  }

  /** The event's own (boot, seq) when the controller stamps them, else the agent's next one. */
  private sequenceOf(e: object): Sequence {
    const s = e as Partial<Sequence>;
    return typeof s.boot === 'number' && typeof s.seq === 'number'
      ? { boot: s.boot, seq: s.seq }
      : this.nextSequence();
  }
}
