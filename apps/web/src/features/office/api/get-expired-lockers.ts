import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import type { ExpiredLockersQuery } from '@cacifo/contract/schemas/office';
import { endpointQuery } from '@/lib/endpoint-query';
import { refreshedByUserChanges } from './office-keys';

/**
 * GET api/julian/office/expiredLockers, filtered and sorted by the server, polled like the sidebar
 * counts (SPEC §9: 30 s).
 */
export function useExpiredLockers(query: ExpiredLockersQuery) {
  return useQuery(
    endpointQuery(
      officeApi.expiredLockers,
      { query },
      { refetchInterval: 30_000, placeholderData: keepPreviousData },
    ),
  );
}

refreshedByUserChanges(officeApi.expiredLockers);
