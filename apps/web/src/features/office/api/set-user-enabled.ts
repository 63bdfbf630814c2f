import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function setUserEnabled(input: { id: number; enabled: 0 | 1 }) {
  return api.post<LockerUser>('/api/julian/user/enabled', input);
}

/** POST api/julian/user/enabled. */
export function useSetUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
