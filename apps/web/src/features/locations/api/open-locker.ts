import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import type { ReplyOf } from '@cacifo/contract/endpoint';
import { DOOR_FAILURE_CODES } from '@cacifo/contract/envelope';
import { callEndpoint, type ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
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
/** "Couldn't open the door" plus why, from the outcome the server carried in Data (docs/devices.md). */
function doorFailure(_lockerId: number, error: ApiError) {
  const outcome = (error.data as Partial<DoorOpenResult> | null)?.outcome;
  return outcome && outcome !== 'opened' && outcome !== 'alreadyOpen'
    ? (['locations.door.failedBecause', { reason: i18n.t(`locations.door.outcome.${outcome}`) }] as const)
    : 'locations.door.failed';
}

export function useOpenLocker(placeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openLocker,
    meta: {
      success: (r: DoorOpenResult) => [
        r.outcome === 'alreadyOpen' ? 'locations.door.alreadyOpen' : 'locations.door.opened',
        { door: r.doorNumber },
      ],
      // 409 doorJammed, 503 deviceUnavailable and doorOpenFailed all carry the outcome.
      codes: Object.fromEntries(DOOR_FAILURE_CODES.map((code) => [code, doorFailure])),
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationKeys.lockers(placeId) }),
  });
}
