import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGroup, UserGroupFieldsInput } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function saveUserGroup(input: { id: number } & UserGroupFieldsInput) {
  return input.id === 0
    ? api.post<UserGroup>('/api/julian/userGroup', input)
    : api.put<UserGroup>('/api/julian/userGroup', input);
}

/** POST api/julian/userGroup (id 0) or PUT. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
