import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketplaceOverview } from '@cacifo/contract/schemas/marketplace';
import { api } from '@/lib/api-client';
import { marketplaceKeys } from './keys';

/** Rentals end by time as well as by events: the overview also polls once a minute. */
export const overviewQueryOptions = queryOptions({
  queryKey: marketplaceKeys.overview,
  queryFn: ({ signal }) => api.get<MarketplaceOverview>('/api/marketplace/overview', { signal }),
  refetchInterval: 60_000,
});

export function useMarketplaceOverview() {
  return useQuery(overviewQueryOptions);
}
