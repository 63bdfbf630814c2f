import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UsersBulkRequest } from '@cacifo/contract/schemas/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

/** POST api/julian/users/bulk: enable, disable or add to a group; a report per user. */
export function useBulkUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UsersBulkRequest) => callEndpoint(officeApi.bulkUsers, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
