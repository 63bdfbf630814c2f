import { useQuery } from '@tanstack/react-query';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import { endpointQuery } from '@/lib/endpoint-query';
import './realtime';

/** Rentals end by time as well as by events: the overview also polls once a minute. */
const overviewQueryOptions = endpointQuery(marketplaceApi.overview, {}, { refetchInterval: 60_000 });

export function useMarketplaceOverview() {
  return useQuery(overviewQueryOptions);
}
