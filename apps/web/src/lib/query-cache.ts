import { QueryCache, type Query } from '@tanstack/react-query';

/*
 * TanStack Query drops an invalidation that comes while a query's first fetch is in flight: with
 * no data yet, `invalidateQueries` does not cancel that fetch (it only cancels when there is data)
 * and reuses its promise, and the fetch's answer then clears the "invalidated" mark. An answer
 * read before the change therefore stays on screen as fresh. A realtime message (RefreshAssets
 * while the asset list loads) or a mutation's invalidation can come just then; the CI run of
 * 29 Nov showed it (assets.spec). Here every such query is fetched once more when that first
 * answer lands, so no caller has to know.
 */

/** The cache of the app's QueryClient: queries invalidated during their first fetch fetch again. */
export function createQueryCache(): QueryCache {
  const cache = new QueryCache();
  const invalidatedInFlight = new WeakSet<Query>();
  cache.subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'invalidate') {
      if (query.state.fetchStatus === 'fetching' && query.state.data === undefined) {
        invalidatedInFlight.add(query);
      }
    } else if (action.type === 'success' || action.type === 'error') {
      if (!invalidatedInFlight.delete(query)) return;
      // Outside the cache's notification; a query no screen shows any more is left stale.
      queueMicrotask(() => {
        if (query.isActive()) void query.fetch().catch(() => undefined);
        else query.invalidate();
      });
    }
  });
  return cache;
}
