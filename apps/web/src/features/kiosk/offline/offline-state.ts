import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { kioskApi } from '@cacifo/contract/endpoints/kiosk';
import { shellApi } from '@cacifo/contract/endpoints/shell';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { endpointKeyPrefix } from '@/lib/endpoint-query';
import { createStore, useStore } from '@/lib/store';

/**
 * Whether the kiosk is working offline: the server did not answer its last call, so codes go to
 * the wall's controller (ADR 0160). It goes back to the server when /api/health answers again.
 */
const offlineStore = createStore(false);

export const setKioskOffline = (offline: boolean) => offlineStore.set(offline);
export const useKioskOffline = () => useStore(offlineStore);
export const isKioskOffline = () => offlineStore.get();

/** Proxies' gateway errors: a 5xx with no reply of the server's own (its envelope's code). */
const GATEWAY = new Set([502, 503, 504]);

/**
 * The server could not be reached: no answer (network error, timeout: status 0) or a gateway's
 * 5xx without the server's envelope. A reply of the server itself, even a 500 or its own 503
 * (`deviceUnavailable`), is not: the server was there and may have acted, so the wall is not asked.
 */
export function serverUnreachable(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  return e.status === 0 || (GATEWAY.has(e.status) && e.code === 'internalError');
}

/** While offline, asks the server this often whether it is back. */
const WATCH_MS = 5_000;

/**
 * While the kiosk is offline, polls GET /api/health; once it answers, the kiosk is back in server
 * mode and its screen data is asked again.
 */
export function useServerWatch(): void {
  const offline = useKioskOffline();
  const queryClient = useQueryClient();
  // Any kiosk call that finds the server gone (a courier's PIN, a parcel) turns the kiosk offline.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && serverUnreachable(event.mutation.state.error)) setKioskOffline(true);
      }),
    [queryClient],
  );
  useEffect(() => {
    if (!offline) return;
    const back = () => {
      setKioskOffline(false);
      void queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(kioskApi.screen) });
    };
    const timer = setInterval(() => {
      // Any answer of the server's own (even "degraded") means it is there again.
      callEndpoint(shellApi.health, undefined, { signal: AbortSignal.timeout(WATCH_MS) }).then(back, (e) => {
        if (!serverUnreachable(e)) back();
      });
    }, WATCH_MS);
    return () => clearInterval(timer);
  }, [offline, queryClient]);
}
