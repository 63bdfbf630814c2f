import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { alertsApi } from '@cacifo/contract/endpoints/alerts';
import type { CallInput } from '@cacifo/contract/endpoint';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';
import { ALERTS_POLL_MS } from '@/lib/queries/alerts';

type AlertsQuery = NonNullable<CallInput<typeof alertsApi.list>['query']>;

/** GET api/julian/alerts: lockers whose door is in alert (1, 3, 11), filtered and sorted on the server. */
export function useAlerts(query: AlertsQuery) {
  return useQuery(
    endpointQuery(
      alertsApi.list,
      { query },
      // SPEC §9: alerts every 30 s; the PlacesChanged digest invalidates the alerts area too (lib/realtime).
      { placeholderData: keepPreviousData, refetchInterval: ALERTS_POLL_MS },
    ),
  );
}

// The alerts screen listens to every door (the menu's counts only poll: on every page, they would
// subscribe every socket to every door event).
realtimeTopicsWhileShown(endpointKeyPrefix(alertsApi.list), [REALTIME_TOPIC.DOORS]);
