import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimeTopic } from '@cacifo/contract/realtime';

/**
 * What the realtime socket listens to follows what is on screen (issue #34): each area declares,
 * next to its queries, the topics a query of its needs while it is shown (has an observer):
 *
 * ```ts
 * // features/orders/api/keys.ts: any door may move an order on.
 * realtimeTopicsWhileShown(orderKeys.all, [REALTIME_TOPIC.DOORS]);
 * // lib/queries/locations.ts: a grid listens to its own place.
 * realtimeTopicsWhileShown(endpointKeyPrefix(locationsApi.lockers), (key) => [placeTopic(idOf(key))]);
 * ```
 *
 * The client sends the union whenever it changes; the server then sends only those topics' messages.
 */
type TopicsOf = readonly RealtimeTopic[] | ((queryKey: QueryKey) => readonly RealtimeTopic[]);

const declared: Array<{ prefix: QueryKey; topics: TopicsOf }> = [];

export function realtimeTopicsWhileShown(prefix: QueryKey, topics: TopicsOf): void {
  declared.push({ prefix, topics });
}

/** The topics of every query on screen, sorted (a stable set to compare). */
export function shownTopics(queryClient: QueryClient): RealtimeTopic[] {
  const out = new Set<RealtimeTopic>();
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0) continue;
    for (const d of declared) {
      if (!partialMatchKey(query.queryKey, d.prefix)) continue;
      for (const t of typeof d.topics === 'function' ? d.topics(query.queryKey) : d.topics) out.add(t);
    }
  }
  return [...out].sort();
}

/** Screens mount and unmount queries in bursts: the set is compared once they settle. */
const SETTLE_MS = 50;

/**
 * Calls `send` with the shown topics whenever they change; `resend()` sends them again (a new
 * socket starts with none of them).
 */
export function watchShownTopics(queryClient: QueryClient, send: (topics: RealtimeTopic[]) => void) {
  let last: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const topics = shownTopics(queryClient);
    const key = topics.join(',');
    if (key === last) return;
    last = key;
    send(topics);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'removed')
      timer ??= setTimeout(check, SETTLE_MS);
  });
  return {
    resend: () => {
      last = null;
      check();
    },
    stop: () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    },
  };
}
