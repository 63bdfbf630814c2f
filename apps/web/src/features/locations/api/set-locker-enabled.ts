import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import { callEndpoint } from '@/lib/api-client';
import { invalidatePlaceSummaries, locationKeys, type LockersByPlaceReply } from '@/lib/queries/locations';

function setLockerEnabled(input: { lockerId: number; enabled: 0 | 1 }) {
  return callEndpoint(locationsApi.setLockerEnabled, {
    params: { id: input.lockerId },
    body: { enabled: input.enabled },
  });
}

/** POST api/julian/locker/{id}/enabled: the reply is the locker, written straight into the grid. */
export function useSetLockerEnabled(placeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLockerEnabled,
    meta: {
      success: (_l: unknown, v: { enabled: 0 | 1 }) =>
        v.enabled ? 'locations.locker.enabledOk' : 'locations.locker.disabledOk',
    },
    onSuccess: (locker) => {
      queryClient.setQueryData<LockersByPlaceReply>(locationKeys.lockers(placeId), (old) =>
        old ? { ...old, Lockers: old.Lockers.map((l) => (l.id === locker.id ? locker : l)) } : old,
      );
      invalidatePlaceSummaries(queryClient);
    },
  });
}
