import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function setUserCard(input: { id: number; card: string }) {
  return api.put<LockerUser>('/api/julian/user', input);
}

/** PUT api/julian/user with `card` (empty clears it). */
export function useSetCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
