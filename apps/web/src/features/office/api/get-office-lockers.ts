import { useQuery } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';
import { refreshedByUserChanges } from './office-keys';

const officeLockersQueryOptions = () => endpointQuery(officeApi.lockers, {});

/** GET api/julian/lockers: office lockers with their users; RefreshUsers keeps it fresh. */
export function useOfficeLockers() {
  return useQuery(officeLockersQueryOptions());
}

refreshedByUserChanges(officeApi.lockers);
