import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import type { PlaceInput } from '@cacifo/contract/schemas/locations';
import { callEndpoint } from '@/lib/api-client';
import { invalidatePlaceSummaries, locationKeys } from '@/lib/queries/locations';

/** POST api/julian/place (new) or PUT api/julian/place/{id} (edit), with the place and its lockers. */
function savePlace(input: { id: number | null; place: PlaceInput; updatedAt?: string }) {
  return input.id
    ? callEndpoint(locationsApi.update, {
        params: { id: input.id },
        body: { ...input.place, updatedAt: input.updatedAt ?? '' },
      })
    : callEndpoint(locationsApi.create, { body: input.place });
}

export function useSavePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlace,
    meta: {
      success: (_r: unknown, v: { id: number | null }) =>
        v.id ? 'locations.form.updated' : 'locations.form.created',
    },
    onSuccess: ({ Place }) => {
      invalidatePlaceSummaries(queryClient);
      void queryClient.invalidateQueries({ queryKey: locationKeys.lockers(Place.id) });
    },
  });
}
