import { EventEmitter } from 'node:events';
import type { DoorStatus, ExteriorPurpose } from '@cacifo/contract';

/** Domain events inside one instance, emitted after the change they describe is persisted. */
export interface BusEvents {
  doorChanged: {
    placeId: number;
    lockerId: number | null;
    doorNumber: number;
    doorStatus: DoorStatus;
    previousStatus: DoorStatus;
    commanded: boolean;
    commandId: string | null;
    at: string;
    /** From a wall's journal (ADR 0125): `at` is when it happened there, maybe long ago. */
    replayed?: boolean;
  };
  /**
   * A door a wall's journal says closed, already recorded as closed (the live event came first):
   * what waits for that door to close (an order, an asset) settles now, without a second door event.
   */
  doorSettled: BusEvents['doorChanged'];
  tag: {
    placeId: number;
    lockerId: number | null;
    doorNumber: number;
    tagId: string;
    present: boolean;
    at: string;
  };
  /** Every tag a controller sees, after it came (back) online: stored tags not in it are gone. */
  tagSnapshot: {
    placeId: number;
    tags: Array<{ doorNumber: number; tagId: string }>;
    at: string;
  };
  /** The wall's exterior door changed as its controller reported (not offline transitions). */
  exteriorDoor: {
    placeId: number;
    doorStatus: DoorStatus;
    previousStatus: DoorStatus;
    open: boolean | null;
    commanded: boolean;
    commandId: string | null;
    purpose: ExteriorPurpose | null;
    at: string;
  };
  controller: { placeId: number; online: boolean; at: string };
}

type Listener<K extends keyof BusEvents> = (event: BusEvents[K]) => void | Promise<void>;

/**
 * A typed event bus. Listeners may be async; their failures are logged, never thrown back into
 * the device layer that raised the event.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly pending = new Set<Promise<unknown>>();
  constructor(private readonly onError: (err: unknown, event: string) => void) {
    this.emitter.setMaxListeners(100);
  }

  on<K extends keyof BusEvents>(event: K, listener: Listener<K>): () => void {
    const wrapped = (e: BusEvents[K]) => {
      try {
        const r = listener(e);
        if (r instanceof Promise) {
          const p = r.catch((err: unknown) => this.onError(err, event)).finally(() => this.pending.delete(p));
          this.pending.add(p);
        }
      } catch (err) {
        this.onError(err, event);
      }
    };
    this.emitter.on(event, wrapped);
    return () => this.emitter.off(event, wrapped);
  }

  emit<K extends keyof BusEvents>(event: K, payload: BusEvents[K]): void {
    this.emitter.emit(event, payload);
  }

  /** Waits for async listeners in flight: tests and shutdown use it. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
