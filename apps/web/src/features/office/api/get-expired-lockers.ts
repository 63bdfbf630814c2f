import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeLocker } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function getExpiredLockers(signal?: AbortSignal): Promise<OfficeLocker[]> {
  return api.get<OfficeLocker[]>('/api/julian/office/expiredLockers', { signal });
}

export const expiredLockersQueryOptions = () =>
  queryOptions({
    queryKey: officeKeys.expired,
    queryFn: ({ signal }) => getExpiredLockers(signal),
    refetchInterval: 30_000,
  });

/** GET api/julian/office/expiredLockers, polled like the sidebar counts (SPEC §9: 30 s). */
export function useExpiredLockers() {
  return useQuery(expiredLockersQueryOptions());
}
