import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

/** A null PIN removes it. */
function setUserPin(body: { id: number; pin: string | null }) {
  return callEndpoint(officeApi.updateUser, { body });
}

/** PUT api/julian/user with `pin`. */
export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
