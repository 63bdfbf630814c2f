import { useSyncExternalStore } from 'react';

/**
 * One shared clock ticking every minute. Only the time chips and "since" labels subscribe, so the
 * passing of time re-renders those, never the whole grid.
 */
const TICK_MS = 60_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((l) => l());
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, () => now);
}
