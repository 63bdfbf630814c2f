import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { notificationsApi } from '@cacifo/contract/endpoints/notifications';
import { callEndpoint } from '@/lib/api-client';
import { areaKey, endpointQuery } from '@/lib/endpoint-query';

export type MessagesQuery = NonNullable<CallInput<typeof notificationsApi.messages>['query']>;

/** GET /api/admin/messages: the outbox, polled so statuses move while watching. */
export function useMessages(query: MessagesQuery) {
  return useQuery(
    endpointQuery(
      notificationsApi.messages,
      { query },
      { placeholderData: keepPreviousData, refetchInterval: 15_000 },
    ),
  );
}

/** POST /api/admin/messages/{id}/retry: a failed or unsent message goes back to the queue. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(notificationsApi.retryMessage, { params: { id } }),
    meta: { success: 'admins.tools.retried' },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: areaKey(notificationsApi.messages) }),
  });
}
