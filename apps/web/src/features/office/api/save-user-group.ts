import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGroupFieldsInput } from '@cacifo/contract/schemas/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function saveUserGroup({
  id,
  updatedAt,
  ...fields
}: { id: number; updatedAt?: string } & UserGroupFieldsInput) {
  return id === 0
    ? callEndpoint(officeApi.createUserGroup, { body: { ...fields, id: 0 } })
    : callEndpoint(officeApi.updateUserGroup, { body: { ...fields, id, updatedAt: updatedAt ?? '' } });
}

/** POST api/julian/userGroup (id 0) or PUT. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserGroup,
    meta: { success: 'office.common.saved' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
