import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityQuery } from '@cacifo/contract/schemas/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';

const activityQueryOptions = (query: ActivityQuery) =>
  endpointQuery(
    officeApi.activity,
    { query },
    { placeholderData: keepPreviousData, refetchInterval: 30_000 },
  );

/** GET api/julian/office/activity: door events or kiosk attempts; door events have no realtime message, so it polls. */
export function useActivity(query: ActivityQuery) {
  return useQuery(activityQueryOptions(query));
}
