import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function deleteUserGroup(id: number) {
  return callEndpoint(officeApi.deleteUserGroup, { params: { id } });
}

/** DELETE api/julian/userGroup/{id}. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserGroup,
    meta: { success: 'office.common.deleted' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
