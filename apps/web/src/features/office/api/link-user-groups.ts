import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function linkUserGroups({
  on,
  userId,
  userGroupIds,
}: {
  userId: number;
  userGroupIds: number[];
  on: boolean;
}) {
  const query = { userId, userGroupIds: userGroupIds.join(',') };
  return on
    ? callEndpoint(officeApi.authorizeGroups, { query })
    : callEndpoint(officeApi.unauthorizeGroups, { query });
}

/** GET api/julian/authorizeGroups | unauthorizeGroups (userId, userGroupIds comma list). */
export function useAuthorizeGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserGroups,
    // A refusal is said once by the mutation cache (docs/adr/0060).
    meta: {},
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
