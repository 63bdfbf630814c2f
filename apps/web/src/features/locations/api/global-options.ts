import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GlobalOptions } from '@cacifo/contract/schemas/locations';
import { api } from '@/lib/api-client';

export const globalOptionsQueryOptions = queryOptions({
  queryKey: ['globalOptions'],
  queryFn: ({ signal }) => api.get<GlobalOptions>('/api/julian/globalOptions', { signal }),
});

export function useGlobalOptions(enabled = true) {
  return useQuery({ ...globalOptionsQueryOptions, enabled });
}

/** PUT api/julian/globalOptions with the admin PIN (SPEC §5): 422 wrongPin, 429 tooManyAttempts. */
export function useUpdateGlobalOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GlobalOptions & { pin: string }) =>
      api.put<GlobalOptions>('/api/julian/globalOptions', input),
    onSuccess: (data) => queryClient.setQueryData(globalOptionsQueryOptions.queryKey, data),
  });
}
