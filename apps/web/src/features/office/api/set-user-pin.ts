import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function setUserPin(input: { id: number; pin: string }) {
  return api.put<LockerUser>('/api/julian/user', input);
}

/** PUT api/julian/user with `pin`. */
export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
