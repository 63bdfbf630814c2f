import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccount } from '@cacifo/contract/schemas/admin';
import { api } from '@/lib/api-client';
import { accountKeys } from './accounts';

export const profileQueryOptions = queryOptions({
  queryKey: accountKeys.profile,
  queryFn: ({ signal }) => api.get<AdminAccount>('/api/admin/profile', { signal }),
});

/** GET /api/admin/profile: the signed-in account, whatever its role. */
export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions, enabled });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; email: string; phone: string; notifiable: boolean }) =>
      api.put<AdminAccount>('/api/admin/profile', body),
    onSuccess: (data) => {
      queryClient.setQueryData(accountKeys.profile, data);
      void queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}

/** PUT /api/admin/profile/password: L42 on a wrong old password; other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; password: string; confirmPassword: string }) =>
      api.put<null>('/api/admin/profile/password', body),
  });
}

/** PUT /api/admin/profile/pin: confirmed with the password; L41 when another account holds it. */
export function useChangePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; pin: string }) =>
      api.put<AdminAccount>('/api/admin/profile/pin', body),
    onSuccess: (data) => queryClient.setQueryData(accountKeys.profile, data),
  });
}
