import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketplaceLog } from '@cacifo/contract/schemas/marketplace';
import { api } from '@/lib/api-client';
import { marketplaceKeys } from './keys';

export const logsQueryOptions = (params: { max_results: number; offset: number }) =>
  queryOptions({
    queryKey: marketplaceKeys.logs(params),
    queryFn: ({ signal }) =>
      api.get<{ logs: MarketplaceLog[]; totalLogs: number }>('/api/marketplace/logs', {
        signal,
        query: params,
      }),
    placeholderData: keepPreviousData,
  });

/** GET api/marketplace/logs: settings, price, schedule, safe time, captive, voucher, IVA and free mode changes. */
export function useMarketplaceLogs(params: { max_results: number; offset: number }) {
  return useQuery(logsQueryOptions(params));
}
