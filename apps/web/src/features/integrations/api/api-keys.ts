import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { adminLogsApi } from '@cacifo/contract/endpoints/admin-logs';
import { apiKeysApi } from '@cacifo/contract/endpoints/api-keys';
import { clientsApi } from '@cacifo/contract/endpoints/clients';
import type { CreateApiKeyRequest } from '@cacifo/contract/schemas/api-keys';
import { callEndpoint } from '@/lib/api-client';
import { areaKey, endpointQuery } from '@/lib/endpoint-query';
import type { MutationFeedback } from '@/lib/mutation-feedback';

export type ApiKeyQuery = NonNullable<CallInput<typeof apiKeysApi.list>['query']>;

/** GET /api/admin/api-keys: the partner keys, paged on the server. */
export function useApiKeys(query: ApiKeyQuery) {
  return useQuery(endpointQuery(apiKeysApi.list, { query }, { placeholderData: keepPreviousData }));
}

/**
 * The clients a key may be given (ADRs 0100, 0190): the enabled clients' names. The form also takes
 * a new client's name typed in (the server makes that client).
 */
export const useClientChoices = (enabled: boolean) =>
  useQuery({
    ...endpointQuery(clientsApi.list),
    enabled,
    staleTime: 60_000,
    select: (d) => d.clients.filter((c) => c.enabled).map((c) => c.name),
  });

/**
 * Every key change refreshes the keys and the admin log (each change writes a log row); what it
 * says is its `meta` (docs/adr/0060): a failure is always said, once.
 */
function useKeyMutation<T, R>(fn: (input: T) => Promise<R>, meta: MutationFeedback = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(apiKeysApi.list) });
      void queryClient.invalidateQueries({ queryKey: areaKey(adminLogsApi.list) });
    },
  });
}

/** POST /api/admin/api-keys: answers the secret once (Data.key). */
export function useCreateApiKey() {
  return useKeyMutation((body: CreateApiKeyRequest) => callEndpoint(apiKeysApi.create, { body }));
}

/** POST /api/admin/api-keys/{id}/rotate: a new secret, answered once; the old one stops at once. */
export function useRotateApiKey() {
  return useKeyMutation((id: number) => callEndpoint(apiKeysApi.rotate, { params: { id } }));
}

/** DELETE /api/admin/api-keys/{id}: the key answers 401 from now on. */
export function useRevokeApiKey() {
  return useKeyMutation((id: number) => callEndpoint(apiKeysApi.revoke, { params: { id } }), {
    success: 'integrations.keys.revokedOk',
  });
}
