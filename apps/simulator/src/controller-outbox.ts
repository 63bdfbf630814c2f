import type { ControllerMessage, ControllerSequence, DeviceEvent } from '@cacifo/contract';

export type ControllerListener = (message: ControllerMessage) => void;

/** An event as the controller logic makes it; `event()` stamps the sequence. */
export type UnsequencedEvent = DeviceEvent extends infer E
  ? E extends DeviceEvent
    ? Omit<E, 'boot' | 'seq'>
    : never
  : never;

/** Boots handed out in this process: two controllers started in the same millisecond still differ. */
let lastBoot = -1;
export function nextBoot(now: number): number {
  lastBoot = Math.max(now, lastBoot + 1);
  return lastBoot;
}

/**
 * What a SimulatedController says, in order: each message stamped with its (boot, seq), shown to
 * observers always and to listeners only while the controller may speak.
 */
export class ControllerOutbox {
  private readonly listeners = new Set<ControllerListener>();
  /** See everything the controller does, even what nobody hears (the offline agent journals it). */
  private readonly observers = new Set<ControllerListener>();
  /** The last sequence number used (docs/devices.md, "Sequence numbers"). */
  seq = 0;

  constructor(
    readonly boot: number,
    /** Not running, or the offline fault. */
    private readonly silent: () => boolean,
  ) {}

  onMessage(listener: ControllerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  observe(listener: ControllerListener): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  /** Takes the next sequence number, for a message or for a journal entry of its own (one history). */
  nextSequence(): ControllerSequence {
    return { boot: this.boot, seq: ++this.seq };
  }

  event(payload: UnsequencedEvent): void {
    this.emit({ topic: 'event', payload: { ...payload, ...this.nextSequence() } as DeviceEvent });
  }

  /** An offline controller still changes physically but tells nobody. */
  emit(message: ControllerMessage): void {
    for (const observer of this.observers) observer(message);
    if (this.silent()) return;
    for (const listener of this.listeners) listener(message);
  }
}
