import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function deleteSchedule(id: number) {
  return callEndpoint(officeApi.deleteSchedule, { params: { id } });
}

/** DELETE api/julian/schedule/{id}. */
export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    meta: { success: 'office.common.deleted' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
