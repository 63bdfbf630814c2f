import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `fn` for each item in turn, letting the event loop run between items. On SQLite every query
 * answers synchronously, so a loop of awaits never leaves the microtask queue: the wall-credentials
 * sweep over 200 places held every request for 8 s at the bench's large scale (docs/performance.md,
 * set H). Between items, waiting requests and timers get their turn; one item is the longest wait.
 */
export async function forEachYielding<T>(items: Iterable<T>, fn: (item: T) => Promise<void>): Promise<void> {
  let first = true;
  for (const item of items) {
    if (!first) await nextTurn();
    first = false;
    await fn(item);
  }
}
