import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserKpis } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function getUserKpis(id: number, signal?: AbortSignal): Promise<UserKpis> {
  return api.get<UserKpis>(`/api/julian/dashboard/user/${id}`, { signal });
}

export const userKpisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: officeKeys.userKpis(id),
    queryFn: ({ signal }) => getUserKpis(id, signal),
    // Computed over days of door events: a minute old is fine.
    staleTime: 60_000,
  });

/** GET api/julian/dashboard/user/{id}: the user's KPIs from door events. */
export function useUserKpis(id: number) {
  return useQuery(userKpisQueryOptions(id));
}
