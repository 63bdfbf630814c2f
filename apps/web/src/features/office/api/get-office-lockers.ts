import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeLocker } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function getOfficeLockers(signal?: AbortSignal): Promise<OfficeLocker[]> {
  return api.get<OfficeLocker[]>('/api/julian/lockers', { signal });
}

export const officeLockersQueryOptions = () =>
  queryOptions({
    queryKey: officeKeys.lockers,
    queryFn: ({ signal }) => getOfficeLockers(signal),
  });

/** GET api/julian/lockers: office lockers with their users. */
export function useOfficeLockers() {
  return useQuery(officeLockersQueryOptions());
}
