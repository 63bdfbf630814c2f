import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LockerUser, UserType, UsersReply } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

/** Query of GET api/julian/users as the web sends it (the contract schema coerces strings). */
export interface UsersParams {
  max_results: number;
  offset: number;
  search?: string;
  enabled?: '0' | '1';
  userType?: UserType;
  groupId?: number;
  placeId?: number;
}
export type UsersFilters = Omit<UsersParams, 'max_results' | 'offset'>;

export function getUsers(params: UsersParams, signal?: AbortSignal): Promise<UsersReply> {
  return api.get<UsersReply>('/api/julian/users', { query: { ...params }, signal });
}

export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({
    queryKey: officeKeys.userList(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

/** GET api/julian/users: one server page; RefreshUsers keeps it fresh (see office-keys). */
export function useUsers(params: UsersParams) {
  return useQuery(usersQueryOptions(params));
}

/** Every user matching the filters, page by page, for the export. */
export async function fetchAllUsers(params: UsersFilters): Promise<LockerUser[]> {
  const out: LockerUser[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await getUsers({ ...params, max_results: 500, offset });
    out.push(...page.users);
    if (out.length >= page.totalUsers || page.users.length === 0) return out;
  }
}
