import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { alertsApi } from '@cacifo/contract/endpoints/alerts';
import type { CallInput } from '@cacifo/contract/endpoint';
import { endpointQuery } from '@/lib/endpoint-query';
import { ALERTS_POLL_MS } from '@/lib/queries/alerts';

type AlertsQuery = NonNullable<CallInput<typeof alertsApi.list>['query']>;

/** GET api/julian/alerts: lockers whose door is in alert (1, 3, 11), filtered and sorted on the server. */
export function useAlerts(query: AlertsQuery) {
  return useQuery(
    endpointQuery(
      alertsApi.list,
      { query },
      // SPEC §9: alerts every 30 s; LockerUpdate messages invalidate the alerts area too (lib/realtime).
      { placeholderData: keepPreviousData, refetchInterval: ALERTS_POLL_MS },
    ),
  );
}
