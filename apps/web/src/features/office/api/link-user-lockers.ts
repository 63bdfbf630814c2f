import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function linkUserLockers(input: {
  userId: number;
  lockerIds: number[];
  on: boolean;
  expiresAt?: string | null;
}) {
  const body = { userId: input.userId, lockerIds: input.lockerIds, expiresAt: input.expiresAt ?? null };
  return input.on
    ? callEndpoint(officeApi.addLockers, { body })
    : callEndpoint(officeApi.removeLockers, { body });
}

/** POST api/julian/addLockers | removeLockers. */
export function useLinkLockers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserLockers,
    // A refusal is said once by the mutation cache (docs/adr/0060).
    meta: {},
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
