import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserGroupsReply } from '@cacifo/contract/schemas/office';
import { ALL, type ListParams } from './list-params';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function getUserGroups(params: ListParams, signal?: AbortSignal): Promise<UserGroupsReply> {
  return api.get<UserGroupsReply>('/api/julian/userGroups', { query: { ...params }, signal });
}

export const userGroupsQueryOptions = (params: ListParams = ALL) =>
  queryOptions({
    queryKey: [...officeKeys.groups, params],
    queryFn: ({ signal }) => getUserGroups(params, signal),
    placeholderData: keepPreviousData,
  });

/** GET api/julian/userGroups. */
export function useUserGroups(params: ListParams = ALL) {
  return useQuery(userGroupsQueryOptions(params));
}
