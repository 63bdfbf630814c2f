import { useQuery } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';

const officeDashboardQueryOptions = () => endpointQuery(officeApi.dashboard, {}, { refetchInterval: 30_000 });

/** GET api/julian/dashboard/office. */
export function useOfficeDashboard() {
  return useQuery(officeDashboardQueryOptions());
}
