import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceAnalytics } from '@cacifo/contract/schemas/locations';
import { api } from '@/lib/api-client';

export const placeAnalyticsQueryOptions = (placeId: number) =>
  queryOptions({
    queryKey: ['placeAnalytics', placeId],
    queryFn: ({ signal }) => api.get<PlaceAnalytics>(`/api/julian/dashboard/place/${placeId}`, { signal }),
    // Computed over days of door events: a few minutes old is fine, no realtime needed.
    staleTime: 5 * 60_000,
  });

/** GET api/julian/dashboard/place/{id}: analytics computed from recorded door events. */
export function usePlaceAnalytics(placeId: number, enabled = true) {
  return useQuery({ ...placeAnalyticsQueryOptions(placeId), enabled });
}
