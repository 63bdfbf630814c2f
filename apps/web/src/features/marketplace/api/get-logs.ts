import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import { endpointQuery } from '@/lib/endpoint-query';

type LogsQuery = NonNullable<CallInput<typeof marketplaceApi.logs>['query']>;

const logsQueryOptions = (query: LogsQuery) =>
  endpointQuery(marketplaceApi.logs, { query }, { placeholderData: keepPreviousData });

/** GET api/marketplace/logs: settings, price, schedule, safe time, captive, voucher, IVA and free mode changes. */
export function useMarketplaceLogs(query: LogsQuery) {
  return useQuery(logsQueryOptions(query));
}
