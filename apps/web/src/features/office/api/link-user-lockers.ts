import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function linkUserLockers(input: {
  userId: number;
  lockerIds: number[];
  on: boolean;
  expiresAt?: string | null;
}) {
  return api.post<null>(`/api/julian/${input.on ? 'addLockers' : 'removeLockers'}`, {
    userId: input.userId,
    lockerIds: input.lockerIds,
    expiresAt: input.expiresAt ?? null,
  });
}

/** POST api/julian/addLockers | removeLockers. */
export function useLinkLockers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserLockers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
