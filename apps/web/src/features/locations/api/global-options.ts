import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import type { CallInput } from '@cacifo/contract/endpoint';
import { callEndpoint } from '@/lib/api-client';
import { endpointKey, endpointQuery } from '@/lib/endpoint-query';

export function useGlobalOptions(enabled = true) {
  return useQuery(endpointQuery(locationsApi.globalOptions, {}, { enabled }));
}

/** PUT api/julian/globalOptions with the admin PIN (SPEC §5): 422 wrongPin, 429 tooManyAttempts. */
export function useUpdateGlobalOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof locationsApi.updateGlobalOptions>['body']) =>
      callEndpoint(locationsApi.updateGlobalOptions, { body }),
    // A wrong PIN is said on its field (the form's binding); a locked PIN, in the dialog.
    meta: { success: 'locations.options.saved', codes: { tooManyAttempts: false } },
    onSuccess: (data) => queryClient.setQueryData(endpointKey(locationsApi.globalOptions, {}), data),
  });
}
