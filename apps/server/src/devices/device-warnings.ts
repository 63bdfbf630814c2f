import type { Clock } from '@cacifo/simulator';
import type { DriverLogger } from './locker-driver.js';

/** Warnings one controller may log per window before the rest are only counted. */
const PER_WINDOW = 20;
const WINDOW_MS = 60_000;

/**
 * Warnings about what controllers send (malformed messages, skewed clocks), at most PER_WINDOW a
 * minute per controller: a controller stuck sending garbage every 100 ms must not drown the log.
 * The first one past the limit says so, and the next window's first one says how many were held.
 */
export class DeviceWarnings {
  private readonly windows = new Map<number, { start: number; logged: number; held: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly logger: DriverLogger | undefined,
  ) {}

  warn(placeId: number, details: object, msg: string): void {
    if (!this.logger) return;
    const now = this.clock.now();
    let w = this.windows.get(placeId);
    let heldBefore = 0;
    if (!w || now - w.start >= WINDOW_MS) {
      heldBefore = w?.held ?? 0;
      w = { start: now, logged: 0, held: 0 };
      this.windows.set(placeId, w);
    }
    if (w.logged >= PER_WINDOW) {
      w.held++;
      return;
    }
    w.logged++;
    const extra = heldBefore > 0 ? { notLoggedBefore: heldBefore } : {};
    if (w.logged === PER_WINDOW)
      this.logger.warn(
        { ...details, ...extra },
        `${msg} (further warnings of this controller held for a minute)`,
      );
    else this.logger.warn({ ...details, ...extra }, msg);
  }
}
