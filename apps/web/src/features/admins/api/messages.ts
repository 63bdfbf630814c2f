import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { notificationsApi } from '@cacifo/contract/endpoints/notifications';
import type { MessageTemplateInput, PickupSettings } from '@cacifo/contract/schemas/messages';
import { callEndpoint } from '@/lib/api-client';
import { areaKey, endpointKey, endpointQuery } from '@/lib/endpoint-query';

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

export function useMessageTemplates() {
  return useQuery(endpointQuery(notificationsApi.templates));
}

export function useSaveMessageTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { templates: MessageTemplateInput[]; updatedAt: string | null }) =>
      callEndpoint(notificationsApi.saveTemplates, { body }),
    meta: { success: 'admins.templates.saved' },
    onSuccess: (data) => queryClient.setQueryData(endpointKey(notificationsApi.templates), data),
  });
}

/** POST /api/admin/message-templates/preview: the template as typed, with sample data. */
export function usePreviewMessage() {
  return useMutation({
    mutationFn: (template: MessageTemplateInput) =>
      callEndpoint(notificationsApi.previewTemplate, { body: template }),
    meta: {},
  });
}

export function usePickupSettings() {
  return useQuery(endpointQuery(notificationsApi.pickupSettings));
}

export function useSavePickupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PickupSettings) => callEndpoint(notificationsApi.savePickupSettings, { body }),
    meta: { success: 'admins.pickup.saved' },
    onSuccess: (data) => queryClient.setQueryData(endpointKey(notificationsApi.pickupSettings), data),
  });
}
