import { useSyncExternalStore } from 'react';

/**
 * One shared clock ticking every minute. Only the time chips and "since" labels subscribe, so the
 * passing of time re-renders those, never the whole grid. The snapshot is the current minute, so a
 * chip mounted after a long idle spell is right at once, not one tick later.
 */
const TICK_MS = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

const currentMinute = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, currentMinute);
}
