import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function setUserCard(body: { id: number; card: string }) {
  return callEndpoint(officeApi.updateUser, { body });
}

/** PUT api/julian/user with `card` (empty clears it). */
export function useSetCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserCard,
    // The card field shows a refusal itself (docs/adr/0060).
    meta: {
      success: (_reply: unknown, v: { card: string }) =>
        v.card ? 'office.credentials.cardSaved' : 'office.credentials.cardCleared',
      error: false,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
