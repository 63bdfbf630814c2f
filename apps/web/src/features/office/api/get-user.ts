import { useQuery } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';
import { refreshedByUserChanges } from './office-keys';

const userQueryOptions = (id: number) => endpointQuery(officeApi.user, { params: { id } });

/** GET api/julian/user/{id}; RefreshUsers keeps it fresh. */
export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}

refreshedByUserChanges(officeApi.user);
