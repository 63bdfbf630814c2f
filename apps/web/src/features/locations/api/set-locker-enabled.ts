import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { api } from '@/lib/api-client';
import { locationKeys, type LockersByPlaceReply } from '@/lib/queries/locations';

export function setLockerEnabled(input: { lockerId: number; enabled: 0 | 1 }): Promise<LockerView> {
  return api.post<LockerView>(`/api/julian/locker/${input.lockerId}/enabled`, { enabled: input.enabled });
}

/** POST api/julian/locker/{id}/enabled: the reply is the locker, written straight into the grid. */
export function useSetLockerEnabled(placeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLockerEnabled,
    onSuccess: (locker) => {
      queryClient.setQueryData<LockersByPlaceReply>(locationKeys.lockers(placeId), (old) =>
        old ? { ...old, Lockers: old.Lockers.map((l) => (l.id === locker.id ? locker : l)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: locationKeys.all });
    },
  });
}
