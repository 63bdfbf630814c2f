import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { alertKeys } from '@/lib/queries/alerts';
import { officeQueries } from './office-keys';

function releaseLocker(body: CallInput<typeof officeApi.releaseLocker>['body']) {
  return callEndpoint(officeApi.releaseLocker, { body });
}

/** POST api/julian/office/releaseLocker (the admin PIN). */
export function useReleaseLocker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseLocker,
    // The dialog shows a refusal on its PIN field; the success is said here (docs/adr/0060).
    meta: { success: 'office.expired.released', error: false },
    // The menu's expired badge counts these lockers too: it follows at once, not at its next poll.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: officeQueries }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]),
  });
}
