import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListUsersQuery, LockerUser } from '@cacifo/contract/schemas/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import './office-keys';

/** The users list's filters, without the page. */
export type UsersFilters = Omit<ListUsersQuery, 'max_results' | 'offset'>;

export const usersQueryOptions = (query: ListUsersQuery) =>
  endpointQuery(officeApi.users, { query }, { placeholderData: keepPreviousData });

/** GET api/julian/users: one server page; RefreshUsers keeps it fresh (see office-keys). */
export function useUsers(query: ListUsersQuery) {
  return useQuery(usersQueryOptions(query));
}

/** Every user matching the filters, page by page, for the export. */
export async function fetchAllUsers(filters: UsersFilters): Promise<LockerUser[]> {
  const out: LockerUser[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await callEndpoint(officeApi.users, { query: { ...filters, max_results: 500, offset } });
    out.push(...page.users);
    if (out.length >= page.totalUsers || page.users.length === 0) return out;
  }
}
