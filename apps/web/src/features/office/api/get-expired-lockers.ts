import { useQuery } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';
import './office-keys';

const expiredLockersQueryOptions = () =>
  endpointQuery(officeApi.expiredLockers, {}, { refetchInterval: 30_000 });

/** GET api/julian/office/expiredLockers, polled like the sidebar counts (SPEC §9: 30 s). */
export function useExpiredLockers() {
  return useQuery(expiredLockersQueryOptions());
}
