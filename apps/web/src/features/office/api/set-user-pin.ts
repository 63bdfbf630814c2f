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
    // The PIN field shows a refusal itself (docs/adr/0060).
    meta: {
      success: (_reply: unknown, v: { pin: string | null }) =>
        v.pin ? 'office.credentials.pinSaved' : 'office.credentials.pinCleared',
      error: false,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
