import type { LockerDriverEvent } from '../../devices/locker-driver.js';

/**
 * Below this many door reports in a row from one controller, each is recorded on its own; from it
 * on, they are a controller's report of its doors (at start), read in one query.
 */
export const REPORT_RUN = 8;

/** How many events from `i` on are uncommanded door reports of the same controller. */
export function reportRun(batch: readonly LockerDriverEvent[], i: number): number {
  const first = batch[i]!;
  if (first.type !== 'doorState' || first.commanded) return 0;
  let n = 1;
  for (let k = i + 1; k < batch.length; k++, n++) {
    const e = batch[k]!;
    if (e.type !== 'doorState' || e.commanded || e.placeId !== first.placeId) break;
  }
  return n;
}
