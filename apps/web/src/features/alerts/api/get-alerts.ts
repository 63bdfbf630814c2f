import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { api } from '@/lib/api-client';
import { alertKeys, ALERTS_POLL_MS } from '@/lib/queries/alerts';

export interface AlertsReply {
  alerts: AlertLocker[];
  totalAlerts: number;
}

export const alertsQueryOptions = (params: { max_results: number; offset: number }) =>
  queryOptions({
    queryKey: alertKeys.list(params),
    queryFn: ({ signal }) => api.get<AlertsReply>('/api/julian/alerts', { query: params, signal }),
    placeholderData: keepPreviousData,
    // SPEC §9: alerts every 30 s; LockerUpdate messages invalidate ['alerts'] too (lib/realtime).
    refetchInterval: ALERTS_POLL_MS,
  });

/** GET api/julian/alerts: lockers whose door is in alert (1, 3, 11) or offline, paged on the server. */
export function useAlerts(params: { max_results: number; offset: number }) {
  return useQuery(alertsQueryOptions(params));
}
