import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function deleteUserGroup(id: number) {
  return api.delete<null>(`/api/julian/userGroup/${id}`);
}

/** DELETE api/julian/userGroup/{id}. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
