import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LockerUser,
  LockerUserFieldsInput,
  UserKpis,
  UserType,
  UsersReply,
} from '@cacifo/contract/schemas/office';
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

export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({
    queryKey: officeKeys.userList(params),
    queryFn: ({ signal }) => api.get<UsersReply>('/api/julian/users', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET api/julian/users: one server page; RefreshUsers keeps it fresh (see office-keys). */
export function useUsers(params: UsersParams) {
  return useQuery(usersQueryOptions(params));
}

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: officeKeys.user(id),
    queryFn: ({ signal }) => api.get<LockerUser>(`/api/julian/user/${id}`, { signal }),
  });

/** GET api/julian/user/{id}. */
export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}

/** GET api/julian/dashboard/user/{id}: KPIs over door events; minutes old is fine. */
export function useUserKpis(id: number) {
  return useQuery({
    queryKey: officeKeys.userKpis(id),
    queryFn: ({ signal }) => api.get<UserKpis>(`/api/julian/dashboard/user/${id}`, { signal }),
    staleTime: 60_000,
  });
}

function useUserMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }),
  });
}

/** POST (id 0) or PUT api/julian/user with the fields. */
export function useSaveUser() {
  return useUserMutation((v: { id: number } & LockerUserFieldsInput) =>
    v.id === 0 ? api.post<LockerUser>('/api/julian/user', v) : api.put<LockerUser>('/api/julian/user', v),
  );
}

/** PUT api/julian/user with `card` (empty clears it). */
export function useSetCard() {
  return useUserMutation((v: { id: number; card: string }) => api.put<LockerUser>('/api/julian/user', v));
}

/** PUT api/julian/user with `pin`. */
export function useSetPin() {
  return useUserMutation((v: { id: number; pin: string }) => api.put<LockerUser>('/api/julian/user', v));
}

/** POST api/julian/user/enabled. */
export function useSetUserEnabled() {
  return useUserMutation((v: { id: number; enabled: 0 | 1 }) =>
    api.post<LockerUser>('/api/julian/user/enabled', v),
  );
}

/** DELETE api/julian/user/{id}. */
export function useDeleteUser() {
  return useUserMutation((id: number) => api.delete<null>(`/api/julian/user/${id}`));
}

/** Every user matching the filters, page by page, for the export. */
export async function fetchAllUsers(params: UsersFilters): Promise<LockerUser[]> {
  const out: LockerUser[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await api.get<UsersReply>('/api/julian/users', {
      query: { ...params, max_results: 500, offset },
    });
    out.push(...page.users);
    if (out.length >= page.totalUsers || page.users.length === 0) return out;
  }
}
