import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeDashboard } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function getOfficeDashboard(signal?: AbortSignal): Promise<OfficeDashboard> {
  return api.get<OfficeDashboard>('/api/julian/dashboard/office', { signal });
}

export const officeDashboardQueryOptions = () =>
  queryOptions({
    queryKey: officeKeys.dashboard,
    queryFn: ({ signal }) => getOfficeDashboard(signal),
    refetchInterval: 30_000,
  });

/** GET api/julian/dashboard/office. */
export function useOfficeDashboard() {
  return useQuery(officeDashboardQueryOptions());
}
