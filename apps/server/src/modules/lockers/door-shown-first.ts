import { DOOR_STATUS, type LockerUpdateData } from '@cacifo/contract';
import type { DoorStateEvent } from '../../devices/locker-driver.js';
import type { DoorStateCache } from './door-state-cache.js';
import type { LockerUpdates } from './locker-updates.js';

/** What recording a report came to: the locker as stored, refused (or failed), or no locker there. */
export type RecordOutcome = { stored: LockerUpdateData } | 'refused' | 'gone';

/** A door going out of reach (255) or coming back: judged against its row, not recorded as is. */
export const touchesReachability = (e: DoorStateEvent) =>
  e.status === DOOR_STATUS.OFFLINE || e.previousStatus === DOOR_STATUS.OFFLINE;

/**
 * Door reports shown on arrival, before they wait their turn to be recorded (issue #34, ADR 0231).
 * Reports are recorded one at a time, in order, so one slow write held every later report's message
 * back (a 300 ms statement made the bench's p99 228 ms); now only the recording waits. After the
 * write the screens are brought to what the database holds, by the door's last report in flight.
 */
export class DoorShownFirst {
  private readonly shown = new WeakMap<DoorStateEvent, LockerUpdateData>();

  constructor(
    private readonly cache: DoorStateCache,
    private readonly lockerUpdates: LockerUpdates,
  ) {}

  /** On arrival: the report's LockerUpdate when the cache can tell it (door-state-cache.ts). */
  show(e: DoorStateEvent): Promise<void> | null {
    // A door going out of reach or coming back is judged against its row first (reachability).
    if (touchesReachability(e)) return null;
    const early = this.cache.forecast(e.placeId, e.doorNumber, e.status, e.sequence);
    if (!early) return null;
    this.shown.set(e, early);
    // Written before the caller starts its recording (LockerUpdates' `now`).
    const sent = this.lockerUpdates.known([early], { now: true });
    this.cache.shown(e.placeId, e.doorNumber, e.sequence);
    return sent;
  }

  wasShown(e: DoorStateEvent): boolean {
    return this.shown.has(e);
  }

  /**
   * After the write: unless a later report of the door is in flight (its outcome decides), the
   * screens get the stored state where it differs from what they were told; a refused report's
   * door is read again.
   */
  settle(e: DoorStateEvent, outcome: RecordOutcome): Promise<void> | null {
    const early = this.shown.get(e);
    if (!early) return null;
    this.shown.delete(e);
    if (outcome === 'gone') this.cache.forget(e.placeId, e.doorNumber);
    if (!this.cache.settled(e.placeId, e.doorNumber) || outcome === 'gone') return null;
    if (outcome === 'refused') return this.lockerUpdates.changed([early.lockerId]);
    return this.cache.tells(outcome.stored) ? null : this.lockerUpdates.known([outcome.stored]);
  }
}
