import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';
import { ALL, type GroupsQuery } from './list-params';
import { refreshedByUserChanges } from './office-keys';

const userGroupsQueryOptions = (query: GroupsQuery = ALL) =>
  endpointQuery(officeApi.userGroups, { query }, { placeholderData: keepPreviousData });

/** GET api/julian/userGroups; RefreshUsers keeps it fresh. */
export function useUserGroups(query: GroupsQuery = ALL) {
  return useQuery(userGroupsQueryOptions(query));
}

refreshedByUserChanges(officeApi.userGroups);
