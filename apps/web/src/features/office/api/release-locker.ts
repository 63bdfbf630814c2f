import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeLocker } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function releaseLocker(input: { lockerId: number; pin: string }) {
  return api.post<OfficeLocker>('/api/julian/office/releaseLocker', input);
}

/** POST api/julian/office/releaseLocker (the admin PIN). */
export function useReleaseLocker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseLocker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
