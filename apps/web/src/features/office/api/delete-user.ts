import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function deleteUser(id: number) {
  return callEndpoint(officeApi.deleteUser, { params: { id } });
}

/** DELETE api/julian/user/{id}. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    meta: { success: 'office.users.removed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
