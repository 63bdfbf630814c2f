import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertsApi } from '@cacifo/contract/endpoints/alerts';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import { callEndpoint } from '@/lib/api-client';
import { areaKey } from '@/lib/endpoint-query';

// The list, the badge counts and the dashboards of the alerts area all follow.
const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: areaKey(alertsApi.list) });

/** POST api/julian/alerts/:id/acknowledge: who, when and a note; the alert stays until the door closes. */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lockerId, note }: { lockerId: number; note: string }) =>
      callEndpoint(alertsApi.acknowledge, { params: { id: lockerId }, body: note ? { note } : {} }),
    onSuccess: () => refresh(queryClient),
    // The outcome is said by the MutationCache (docs/adr/0060), not by the page.
    meta: { success: 'alerts.actions.acknowledged' },
  });
}

/** GET api/julian/openLockerById/:id from the alert: to look inside, or to free a jam. */
export function useOpenAlertDoor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lockerId }: { lockerId: number; doorNumber: number }) =>
      callEndpoint(locationsApi.openLocker, { params: { id: lockerId } }),
    onSettled: () => refresh(queryClient),
    meta: {
      success: (_reply: unknown, vars: { doorNumber: number }) => [
        'alerts.actions.opened',
        { door: vars.doorNumber },
      ],
    },
  });
}
