import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function linkUserGroups(input: { userId: number; userGroupIds: number[]; on: boolean }) {
  return api.get<null>(`/api/julian/${input.on ? 'authorizeGroups' : 'unauthorizeGroups'}`, {
    query: { userId: input.userId, userGroupIds: input.userGroupIds },
  });
}

/** GET api/julian/authorizeGroups | unauthorizeGroups (userId, userGroupIds comma list). */
export function useAuthorizeGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserGroups,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
