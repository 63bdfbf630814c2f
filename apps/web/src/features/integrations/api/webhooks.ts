import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { adminLogsApi } from '@cacifo/contract/endpoints/admin-logs';
import { webhooksApi } from '@cacifo/contract/endpoints/webhooks';
import type { WebhookInput } from '@cacifo/contract/schemas/webhooks';
import { callEndpoint } from '@/lib/api-client';
import { areaKey, endpointQuery } from '@/lib/endpoint-query';
import type { MutationFeedback } from '@/lib/mutation-feedback';

export type WebhookQuery = NonNullable<CallInput<typeof webhooksApi.list>['query']>;
export type DeliveryQuery = NonNullable<CallInput<typeof webhooksApi.deliveries>['query']>;

/** GET /api/admin/webhooks: every partner's endpoints; polled, since the worker may disable one. */
export function useWebhooks(query: WebhookQuery) {
  return useQuery(
    endpointQuery(
      webhooksApi.list,
      { query },
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  );
}

/** GET /api/admin/webhooks/{id}/deliveries: the delivery log, polled while it is open. */
export function useDeliveries(id: number | null, query: DeliveryQuery) {
  return useQuery({
    ...endpointQuery(
      webhooksApi.deliveries,
      { params: { id: id ?? 0 }, query },
      { placeholderData: keepPreviousData, refetchInterval: 5_000 },
    ),
    enabled: id !== null,
  });
}

/** A webhook change: refreshes the list and the admin log; says its outcome through `meta` (ADR 0060). */
function useHookMutation<T, R>(fn: (input: T) => Promise<R>, meta: MutationFeedback = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(webhooksApi.list) });
      void queryClient.invalidateQueries({ queryKey: areaKey(adminLogsApi.list) });
    },
  });
}

/** POST /api/admin/api-keys/{id}/webhooks: answers the signing secret once. */
export function useCreateWebhook() {
  return useHookMutation(({ apiKeyId, body }: { apiKeyId: number; body: WebhookInput }) =>
    callEndpoint(webhooksApi.create, { params: { id: apiKeyId }, body }),
  );
}

export function useRemoveWebhook() {
  return useHookMutation((id: number) => callEndpoint(webhooksApi.remove, { params: { id } }), {
    success: 'integrations.hooks.removedOk',
  });
}

export function useEnableWebhook() {
  return useHookMutation((id: number) => callEndpoint(webhooksApi.enable, { params: { id } }), {
    success: 'integrations.hooks.enabledOk',
  });
}

export function useRedeliver() {
  return useHookMutation(
    ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      callEndpoint(webhooksApi.redeliver, { params: { id, deliveryId } }),
    { success: 'integrations.deliveries.redelivered' },
  );
}
