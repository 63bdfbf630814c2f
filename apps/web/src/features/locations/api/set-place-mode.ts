import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocationMode } from '@cacifo/contract';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import type { PlaceModeReply } from '@cacifo/contract/schemas/locations';
import { callEndpoint } from '@/lib/api-client';
import { invalidatePlaceSummaries, locationKeys } from '@/lib/queries/locations';

export type { PlaceModeReply };

interface PlaceModeInput {
  placeId: number;
  mode: LocationMode;
  /** Security staff may only open everything, through SPEC's own emergency call. */
  emergencyOnly?: boolean;
}

function setPlaceMode(input: PlaceModeInput): Promise<PlaceModeReply> {
  const params = { id: input.placeId };
  if (input.emergencyOnly && input.mode === 'emergency') {
    return callEndpoint(locationsApi.openAll, { params });
  }
  return callEndpoint(locationsApi.setMode, { params, body: { mode: input.mode } });
}

/**
 * POST api/julian/place/{id}/mode. Cleaning opens the free lockers, emergency opens all of them,
 * normal restores; the reply lists each door's outcome.
 */
export function useSetPlaceMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlaceMode,
    meta: {
      // The mode, then how many doors opened; a warning when some did not.
      success: (reply: PlaceModeReply, v: PlaceModeInput) => {
        const opened = reply.results.filter((r) => r.ok).length;
        const failed = reply.results.length - opened;
        const done = [`locations.mode.done.${v.mode}`, { place: reply.Place.name }] as const;
        if (!reply.results.length) return done;
        return { parts: [done, ['locations.mode.doors', { opened, failed }]], partial: failed > 0 };
      },
    },
    onSettled: (_r, _e, { placeId }) => {
      void queryClient.invalidateQueries({ queryKey: locationKeys.lockers(placeId) });
      invalidatePlaceSummaries(queryClient);
    },
  });
}
