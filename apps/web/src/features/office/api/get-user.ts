import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function getUser(id: number, signal?: AbortSignal): Promise<LockerUser> {
  return api.get<LockerUser>(`/api/julian/user/${id}`, { signal });
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: officeKeys.user(id), queryFn: ({ signal }) => getUser(id, signal) });

/** GET api/julian/user/{id}; RefreshUsers keeps it fresh. */
export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}
