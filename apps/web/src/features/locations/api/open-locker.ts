import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { locationKeys } from '@/lib/queries/locations';

export type DoorOutcome = 'opened' | 'alreadyOpen' | 'jammed' | 'failed' | 'offline';
export interface DoorOpenResult {
  ok: boolean;
  outcome: DoorOutcome;
  commandId: string | number | null;
  lockerId: number;
  placeId: number;
  doorNumber: number;
  failureReason?: string | null;
}

export function openLocker(lockerId: number): Promise<DoorOpenResult> {
  return api.get<DoorOpenResult>(`/api/julian/openLockerById/${lockerId}`);
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
