import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExtendLockerRequest, OfficeLocker } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function extendLocker(input: ExtendLockerRequest) {
  return api.post<OfficeLocker>('/api/julian/office/extendLocker', input);
}

/** POST api/julian/office/extendLocker: 1-5 hours, minutes, or to the end of today. */
export function useExtendLocker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendLocker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
