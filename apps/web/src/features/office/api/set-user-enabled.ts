import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function setUserEnabled(body: CallInput<typeof officeApi.setUserEnabled>['body']) {
  return callEndpoint(officeApi.setUserEnabled, { body });
}

/** POST api/julian/user/enabled. */
export function useSetUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserEnabled,
    meta: {
      success: (_: unknown, vars: { enabled: unknown }) =>
        vars.enabled ? 'office.users.enabledOk' : 'office.users.disabledOk',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
