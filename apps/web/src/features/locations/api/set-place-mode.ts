import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationMode } from '@cacifo/contract';
import type { PlaceView } from '@cacifo/contract/schemas/locations';
import { api } from '@/lib/api-client';
import { locationKeys } from '@/lib/queries/locations';
import type { DoorOpenResult } from './open-locker';

export interface PlaceModeReply {
  Place: PlaceView;
  results: DoorOpenResult[];
}

export interface PlaceModeInput {
  placeId: number;
  mode: LocationMode;
  /** Security staff may only open everything, through SPEC's own emergency call. */
  emergencyOnly?: boolean;
}

export function setPlaceMode(input: PlaceModeInput): Promise<PlaceModeReply> {
  if (input.emergencyOnly && input.mode === 'emergency') {
    return api.get<PlaceModeReply>(`/api/julian/openAllLockersByPlaceId/${input.placeId}`);
  }
  return api.post<PlaceModeReply>(`/api/julian/place/${input.placeId}/mode`, { mode: input.mode });
}

/**
 * POST api/julian/place/{id}/mode. Cleaning opens the free lockers, emergency opens all of them,
 * normal restores; the reply lists each door's outcome.
 */
export function useSetPlaceMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlaceMode,
    onSuccess: (reply, { placeId }) => {
      queryClient.setQueryData(locationKeys.details(placeId), reply.Place);
    },
    onSettled: (_r, _e, { placeId }) => {
      void queryClient.invalidateQueries({ queryKey: locationKeys.lockers(placeId) });
      void queryClient.invalidateQueries({ queryKey: locationKeys.all });
    },
  });
}
