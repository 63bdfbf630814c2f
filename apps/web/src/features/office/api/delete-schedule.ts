import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function deleteSchedule(id: number) {
  return api.delete<null>(`/api/julian/schedule/${id}`);
}

/** DELETE api/julian/schedule/{id}. */
export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
