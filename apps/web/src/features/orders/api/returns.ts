import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { notificationsApi } from '@cacifo/contract/endpoints/notifications';
import { callEndpoint } from '@/lib/api-client';
import { endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';
import { orderKeys } from './keys';

export type ReturnsQuery = NonNullable<CallInput<typeof notificationsApi.returns>['query']>;

/**
 * GET /api/delivery/returns: expired parcels to take back, per location. A door closing (realtime)
 * refreshes it, so a return drops off the list once its door is shut; polled as well, since the
 * expiry job adds parcels without a locker event.
 */
export function useReturns(query: ReturnsQuery) {
  return useQuery(
    endpointQuery(
      notificationsApi.returns,
      { query },
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  );
}

onRealtimeMessage('PlacesChanged', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(notificationsApi.returns) });
});
realtimeTopicsWhileShown(endpointKeyPrefix(notificationsApi.returns), [REALTIME_TOPIC.DOORS]);

/** POST /api/delivery/order/openForReturn: opens the door; closing it records the return. */
export function useOpenForReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => callEndpoint(notificationsApi.openForReturn, { body: { orderId } }),
    // The opened door is said on the page (it stays until the door closes); a refusal, by the cache.
    meta: {},
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: endpointKeyPrefix(notificationsApi.returns) });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
