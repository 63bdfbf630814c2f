import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { KioskScreen, KioskTask } from '@cacifo/contract/schemas/kiosk';
import { readStorage } from '@/lib/store';
import { serverUnreachable, setKioskOffline, useKioskOffline, useServerWatch } from './offline-state';

/** The last screen the server gave, for a kiosk opened (from its cache) while the server is gone. */
const PLACE_KEY = 'kiosk.place';

/**
 * What the wall does alone from a kiosk (its local API): a recipient's code, a courier's deposit,
 * an office user's own locker by card or PIN.
 */
const OFFLINE_TASKS: readonly KioskTask[] = ['pickup', 'deposit', 'openLocker'];

function rememberedPlace(): KioskScreen | null {
  return readStorage(PLACE_KEY, (v) => {
    const p = v as Partial<KioskScreen> | null;
    return p && typeof p.placeId === 'number' && typeof p.placeName === 'string' && Array.isArray(p.tasks)
      ? (p as KioskScreen)
      : null;
  });
}

/**
 * The kiosk's place: the server's screen reply, kept in this browser; while offline, the one kept,
 * with only the tasks the wall does alone. Also marks the kiosk offline when the screen call could
 * not reach the server, and watches for the server's return.
 */
export function useKioskPlace(screen: UseQueryResult<KioskScreen>): {
  place: KioskScreen | undefined;
  offline: boolean;
} {
  const offline = useKioskOffline();
  useServerWatch();
  const { data, dataUpdatedAt, error } = screen;
  useEffect(() => {
    if (!data) return;
    setKioskOffline(false);
    try {
      localStorage.setItem(PLACE_KEY, JSON.stringify(data));
    } catch {
      // Storage full or disabled: offline the kiosk will not know its place.
    }
  }, [data, dataUpdatedAt]);
  useEffect(() => {
    if (serverUnreachable(error)) setKioskOffline(true);
  }, [error]);
  if (!offline) return { place: data, offline };
  const known = data ?? rememberedPlace() ?? undefined;
  return {
    place: known && { ...known, tasks: known.tasks.filter((t) => OFFLINE_TASKS.includes(t)) },
    offline,
  };
}
