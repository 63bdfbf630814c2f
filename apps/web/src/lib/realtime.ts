import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG_TYPE, REALTIME_PATH, type MsgType, type RealtimeDataMap } from '@cacifo/contract/realtime';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { refreshSession } from './api-client';
import { endSession, getSession, sessionStore } from './session';
import { createStore, useStore } from './store';
import { alertKeys } from './queries/alerts';
import { invalidatePlaceSummaries, locationKeys, type LockersByPlaceReply } from './queries/locations';
import { watchShownTopics } from './realtime-topics';

/**
 * The realtime client (SPEC §4, §7): one WebSocket per signed-in tab at the location-status path,
 * token as a query parameter and sent again on open, reconnecting by itself with backoff. Every
 * message becomes query invalidations or a targeted cache update; nothing else holds server data.
 *
 * Features declare what a message means for their own queries next to those queries:
 *
 * ```ts
 * // features/marketplace/api/get-transactions.ts
 * onRealtimeMessage('UpdateTransactions', (_data, qc) => qc.invalidateQueries({ queryKey: ['transactions'] }));
 * realtimeTopicsWhileShown(['transactions'], [REALTIME_TOPIC.TRANSACTIONS]);
 * ```
 *
 * The socket receives only the topics of the queries on screen (lib/realtime-topics.ts).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'live' | 'reconnecting';

type Handler<K extends MsgType> = (data: RealtimeDataMap[K], queryClient: QueryClient) => void;
const handlers = new Map<MsgType, Set<Handler<MsgType>>>();

/** Registers what a message type means for some queries; returns the unregister function. */
export function onRealtimeMessage<K extends MsgType>(type: K, handler: Handler<K>): () => void {
  const set = handlers.get(type) ?? new Set();
  set.add(handler as Handler<MsgType>);
  handlers.set(type, set);
  return () => set.delete(handler as Handler<MsgType>);
}

export const realtimeStore = createStore<{ status: RealtimeStatus; lastMessageAt: number | null }>({
  status: 'idle',
  lastMessageAt: null,
});

const statusOf = () => realtimeStore.get().status;
/** Connection state for a small "live" indicator; not the message time, which changes per message. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(realtimeStore.subscribe, statusOf, statusOf);
}

export const BACKOFF_START_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** Exponential backoff with jitter, so a restarted server is not hit by every tab at once. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt);
  return Math.round(base / 2 + (random() * base) / 2);
}

const CLOSE_UNAUTHORISED = 4401;

/**
 * Copies one locker's new state into the cached grid, so only that tile re-renders (tiles are
 * memoised by locker object). Returns false when the locker is not cached.
 */
export function patchLocker(queryClient: QueryClient, data: RealtimeDataMap['LockerUpdate']): boolean {
  let patched = false;
  queryClient.setQueryData<LockersByPlaceReply>(locationKeys.lockers(data.placeId), (old) => {
    if (!old) return old;
    const index = old.Lockers.findIndex((l) => l.id === data.lockerId);
    const current = old.Lockers[index];
    if (!current) return old;
    patched = true;
    const next: LockerView = {
      ...current,
      status: data.status as LockerView['status'],
      doorStatus: data.doorStatus as LockerView['doorStatus'],
      enabled: data.enabled as LockerView['enabled'],
      doorStatusUpdatedAt:
        data.doorStatus !== current.doorStatus ? new Date().toISOString() : current.doorStatusUpdatedAt,
    };
    const Lockers = old.Lockers.slice();
    Lockers[index] = next;
    return { ...old, Lockers };
  });
  return patched;
}

/** Batches the wide invalidations a burst of door events causes (an emergency opens every door). */
function debounced(fn: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}

const SUMMARY_DEBOUNCE_MS = 400;

function builtInHandlers(queryClient: QueryClient) {
  const refreshSummaries = debounced(() => {
    invalidatePlaceSummaries(queryClient);
    void queryClient.invalidateQueries({ queryKey: alertKeys.all });
  }, SUMMARY_DEBOUNCE_MS);
  return {
    [MSG_TYPE.LOCKER_UPDATE]: (data: RealtimeDataMap['LockerUpdate']) => {
      if (!patchLocker(queryClient, data)) {
        void queryClient.invalidateQueries({ queryKey: locationKeys.lockers(data.placeId) });
      }
      refreshSummaries();
    },
    [MSG_TYPE.UPDATE_CAPACITY]: (data: RealtimeDataMap['UpdateCapacity']) => {
      void queryClient.invalidateQueries({ queryKey: locationKeys.lockers(data.placeId) });
      refreshSummaries();
    },
    // Lists and counts: one digest for every door event of the last moment (issue #34).
    [MSG_TYPE.PLACES_CHANGED]: () => refreshSummaries(),
  } as Partial<Record<MsgType, (data: never) => void>>;
}

/** The socket's address: no token in it, which logs and proxies would keep (issue #31). */
function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_PATH}`;
}

/**
 * Opens the socket while a session exists and keeps it open: reconnects with backoff, sends a
 * refreshed token on the open socket, and refetches what is on screen after a gap (messages sent
 * while disconnected are lost). A 4401 close means the session is gone: log out.
 */
export function connectRealtime(queryClient: QueryClient): () => void {
  let socket: WebSocket | null = null;
  let token: string | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let hadConnection = false;
  // The server confirms each token sent on the socket (the first on open, then refreshed ones): only
  // the first confirmation of a socket means "(re)connected".
  let socketAuthenticated = false;
  const builtIn = builtInHandlers(queryClient);
  const setStatus = (status: RealtimeStatus) => realtimeStore.set((s) => ({ ...s, status }));
  // The topics of the screens shown: sent on every new socket and whenever they change.
  const topics = watchShownTopics(queryClient, (subscribe) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ subscribe }));
  });

  const dispatch = (raw: string) => {
    let message: { MsgType?: unknown; Data?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    if (message.MsgType === 'Authenticated') {
      if (socketAuthenticated) return;
      socketAuthenticated = true;
      attempt = 0;
      setStatus('live');
      // Whatever changed while we were away was not pushed: refetch the screens that are open.
      if (hadConnection) void queryClient.invalidateQueries();
      hadConnection = true;
      return;
    }
    // The server's answers to a subscription carry no data for any screen.
    if (message.MsgType === 'Subscribed' || message.MsgType === 'SubscriptionRefused') return;
    const type = message.MsgType as MsgType;
    realtimeStore.set((s) => ({ ...s, lastMessageAt: Date.now() }));
    builtIn[type]?.(message.Data as never);
    for (const handler of handlers.get(type) ?? []) handler(message.Data as never, queryClient);
  };

  const schedule = () => {
    if (stopped || timer) return;
    setStatus('reconnecting');
    timer = setTimeout(() => {
      timer = null;
      open();
    }, backoffDelay(attempt++));
  };

  const open = () => {
    const session = getSession();
    if (stopped || !session) return;
    token = session.accessToken;
    socketAuthenticated = false;
    setStatus(hadConnection ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(socketUrl());
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ token }));
      topics.resend();
    };
    ws.onmessage = (e) => dispatch(typeof e.data === 'string' ? e.data : '');
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      if (e.code !== CLOSE_UNAUTHORISED) return schedule();
      const usedToken = token;
      // The token may simply have rotated under us; only a session that cannot refresh is over.
      void (async () => {
        if (getSession()?.accessToken === usedToken) await refreshSession();
        const now = getSession();
        if (!now) return;
        if (now.accessToken !== usedToken) schedule();
        else endSession('expired');
      })();
    };
  };

  const unsubscribe = sessionStore.subscribe(() => {
    const session = getSession();
    if (!session) return stop();
    if (session.accessToken === token) return;
    token = session.accessToken;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ token }));
  });

  const wake = () => {
    if (document.visibilityState === 'hidden' || socket || stopped) return;
    if (timer) clearTimeout(timer);
    timer = null;
    attempt = 0;
    open();
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);

  function stop() {
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribe();
    topics.stop();
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
    const ws = socket;
    socket = null;
    ws?.close(1000);
    setStatus('idle');
  }

  open();
  return stop;
}

/** Mounted once by the signed-in layout: one socket for the whole tab, closed at logout. */
export function useRealtimeConnection(): void {
  const queryClient = useQueryClient();
  const signedIn = useStore(sessionStore).auth !== null;
  useEffect(() => {
    if (!signedIn) return;
    return connectRealtime(queryClient);
  }, [queryClient, signedIn]);
}
