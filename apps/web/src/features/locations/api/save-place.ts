import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceInput, PlaceView } from '@cacifo/contract/schemas/locations';
import { api } from '@/lib/api-client';
import { locationKeys } from '@/lib/queries/locations';

/** POST api/julian/place (new) or PUT api/julian/place/{id} (edit), with the place and its lockers. */
export function savePlace(input: { id: number | null; place: PlaceInput }): Promise<{ Place: PlaceView }> {
  return input.id
    ? api.put<{ Place: PlaceView }>(`/api/julian/place/${input.id}`, input.place)
    : api.post<{ Place: PlaceView }>('/api/julian/place', input.place);
}

export function useSavePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlace,
    onSuccess: ({ Place }) => {
      queryClient.setQueryData(locationKeys.details(Place.id), Place);
      void queryClient.invalidateQueries({ queryKey: locationKeys.all });
      void queryClient.invalidateQueries({ queryKey: locationKeys.lockers(Place.id) });
    },
  });
}
