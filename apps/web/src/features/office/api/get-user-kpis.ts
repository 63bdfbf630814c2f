import { useQuery } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';
import { refreshedByUserChanges } from './office-keys';

const userKpisQueryOptions = (id: number) =>
  // Computed over days of door events: a minute old is fine.
  endpointQuery(officeApi.userKpis, { params: { id } }, { staleTime: 60_000 });

/** GET api/julian/dashboard/user/{id}: the user's KPIs from door events. */
export function useUserKpis(id: number) {
  return useQuery(userKpisQueryOptions(id));
}

refreshedByUserChanges(officeApi.userKpis);
