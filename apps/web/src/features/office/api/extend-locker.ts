import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { alertKeys } from '@/lib/queries/alerts';
import { officeQueries } from './office-keys';

function extendLocker(body: CallInput<typeof officeApi.extendLocker>['body']) {
  return callEndpoint(officeApi.extendLocker, { body });
}

/** POST api/julian/office/extendLocker: 1-5 hours, minutes, or to the end of today. */
export function useExtendLocker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendLocker,
    meta: { success: 'office.expired.extended' },
    // The menu's expired badge counts these lockers too: it follows at once, not at its next poll.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: officeQueries }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]),
  });
}
