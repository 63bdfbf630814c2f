import { useQuery } from '@tanstack/react-query';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import { endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';

/** Rentals end by time as well as by events: the overview also polls once a minute. */
const overviewQueryOptions = endpointQuery(marketplaceApi.overview, {}, { refetchInterval: 60_000 });

export function useMarketplaceOverview() {
  return useQuery(overviewQueryOptions);
}

// A changed transaction moves the revenue and rentals; a door change (a locker taken or freed by a
// rental: the PlacesChanged digest) moves the occupancy.
const overviewKey = endpointKeyPrefix(marketplaceApi.overview);
onRealtimeMessage('UpdateTransactions', (_data, qc) => void qc.invalidateQueries({ queryKey: overviewKey }));
onRealtimeMessage('PlacesChanged', (_data, qc) => void qc.invalidateQueries({ queryKey: overviewKey }));
realtimeTopicsWhileShown(overviewKey, [REALTIME_TOPIC.TRANSACTIONS, REALTIME_TOPIC.DOORS]);
