import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListUsersQuery } from '@cacifo/contract/schemas/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';
import { refreshedByUserChanges } from './office-keys';

const usersQueryOptions = (query: ListUsersQuery) =>
  endpointQuery(officeApi.users, { query }, { placeholderData: keepPreviousData });

/** GET api/julian/users: one server page; RefreshUsers keeps it fresh. */
export function useUsers(query: ListUsersQuery) {
  return useQuery(usersQueryOptions(query));
}

refreshedByUserChanges(officeApi.users);
