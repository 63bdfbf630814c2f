import { useQuery } from '@tanstack/react-query';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import { endpointQuery } from '@/lib/endpoint-query';

/** GET api/julian/dashboard/place/{id}: analytics computed from recorded door events. */
export function usePlaceAnalytics(placeId: number, enabled = true) {
  return useQuery(
    endpointQuery(
      locationsApi.analytics,
      { params: { id: placeId } },
      // Computed over days of door events: a few minutes old is fine, no realtime needed.
      { staleTime: 5 * 60_000, enabled },
    ),
  );
}
