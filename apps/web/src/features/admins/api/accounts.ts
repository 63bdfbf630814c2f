import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountList, AdminAccount } from '@cacifo/contract/schemas/admin';
import { api } from '@/lib/api-client';

/** Staff and screen accounts (/admins) or store employees (/employees): same shape, own endpoints. */
export type AccountScope = 'admins' | 'employees';

export interface AccountListParams {
  max_results: number;
  offset: number;
  search?: string | undefined;
  kind?: 'staff' | 'screen' | undefined;
  company?: string | undefined;
}

export const accountKeys = {
  all: (scope: AccountScope) => ['accounts', scope] as const,
  list: (scope: AccountScope, params: AccountListParams) => ['accounts', scope, 'list', params] as const,
  profile: ['accounts', 'profile'] as const,
};

export const accountsQueryOptions = (scope: AccountScope, params: AccountListParams) =>
  queryOptions({
    queryKey: accountKeys.list(scope, params),
    queryFn: ({ signal }) => api.get<AccountList>(`/api/admin/${scope}`, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/admins | /api/admin/employees, paged on the server. */
export function useAccounts(scope: AccountScope, params: AccountListParams) {
  return useQuery(accountsQueryOptions(scope, params));
}

function useInvalidate(scope: AccountScope) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all(scope) });
}

/** POST (new) or PUT (edit) one account; the reply is the saved account. */
export function useSaveAccount(scope: AccountScope) {
  const invalidate = useInvalidate(scope);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? api.post<AdminAccount>(`/api/admin/${scope}`, body)
        : api.put<AdminAccount>(`/api/admin/${scope}/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useSetAccountEnabled(scope: AccountScope) {
  const invalidate = useInvalidate(scope);
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.post<AdminAccount>(`/api/admin/${scope}/${id}/enabled`, { enabled }),
    onSuccess: invalidate,
  });
}

export function useDeleteAccount(scope: AccountScope) {
  const invalidate = useInvalidate(scope);
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/admin/${scope}/${id}`),
    onSuccess: invalidate,
  });
}
