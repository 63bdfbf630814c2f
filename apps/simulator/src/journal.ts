import type { DeviceJournalAck, DeviceJournalEntry } from '@cacifo/contract';

interface Pending {
  entry: DeviceJournalEntry;
  /** When it was last handed to the transport; null: never. */
  sentAt: number | null;
}

const keyOf = (e: { boot: number; seq: number }) => `${e.boot}:${e.seq}`;

/**
 * What the controller did on its own, kept until the server acknowledges each entry (a real
 * controller keeps it in flash; the simulator in memory). Entries are sent in the order they were
 * written, and again, oldest first, while unacknowledged.
 */
export class Journal {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly limit = 10_000) {}

  add(entry: DeviceJournalEntry): void {
    this.pending.set(keyOf(entry), { entry, sentAt: null });
    // A wall cut off for weeks must not run out of memory: the oldest go first (and are logged by
    // the caller); the server learns the rest from the snapshot.
    while (this.pending.size > this.limit) this.pending.delete(this.pending.keys().next().value!);
  }

  /** Entries to send now: never sent, or sent at least `resendAfterMs` ago without an answer. */
  due(now: number, resendAfterMs: number, hold: (e: DeviceJournalEntry) => boolean = () => false) {
    const out: DeviceJournalEntry[] = [];
    for (const p of this.pending.values()) {
      if (hold(p.entry)) continue;
      if (p.sentAt === null || now - p.sentAt >= resendAfterMs) {
        p.sentAt = now;
        out.push(p.entry);
      }
    }
    return out.sort((a, b) => (a.boot === b.boot ? a.seq - b.seq : a.boot - b.boot));
  }

  acknowledge(ack: DeviceJournalAck): number {
    let dropped = 0;
    for (const e of ack.entries) if (this.pending.delete(keyOf(e))) dropped++;
    return dropped;
  }

  get size(): number {
    return this.pending.size;
  }

  entries(): DeviceJournalEntry[] {
    return [...this.pending.values()].map((p) => p.entry);
  }
}
