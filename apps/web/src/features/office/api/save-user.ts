import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LockerUser, LockerUserFieldsInput } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function saveUser(input: { id: number } & LockerUserFieldsInput) {
  return input.id === 0
    ? api.post<LockerUser>('/api/julian/user', input)
    : api.put<LockerUser>('/api/julian/user', input);
}

/** POST api/julian/user (id 0) or PUT with the fields. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
