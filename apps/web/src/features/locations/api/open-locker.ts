import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import type { ReplyOf } from '@cacifo/contract/endpoint';
import { callEndpoint } from '@/lib/api-client';
import { locationKeys } from '@/lib/queries/locations';

export type DoorOpenResult = ReplyOf<typeof locationsApi.openLocker>;

function openLocker(lockerId: number): Promise<DoorOpenResult> {
  return callEndpoint(locationsApi.openLocker, { params: { id: lockerId } });
}

/**
 * GET api/julian/openLockerById/{id}. A door that did not open is 409 `doorJammed`, 503
 * `deviceUnavailable` (controller offline) or 503 `doorOpenFailed` (no answer in time), with the
 * outcome in Data; the tile itself changes through the realtime message.
 */
export function useOpenLocker(placeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openLocker,
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationKeys.lockers(placeId) }),
  });
}
