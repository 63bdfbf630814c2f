import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import { orderKeys } from './keys';

/** GET api/delivery/lockers: lockers of the delivery places with their active delivery. */
export function useDeliveryLockers(placeId?: number) {
  return useQuery(
    endpointQuery(ordersApi.lockers, { query: { locationId: placeId } }, { refetchInterval: 30_000 }),
  );
}

/** POST api/delivery/lockers/enabled: disable or enable a group of lockers. */
export function useSetLockersEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { lockerIds: number[]; enabled: boolean; one?: boolean }) =>
      callEndpoint(ordersApi.setLockersEnabled, { body: { lockerIds: v.lockerIds, enabled: v.enabled } }),
    meta: {
      // An order's own locker (`one`) says which way it went; a group from the lockers list, that it is done.
      success: (_r: unknown, v: { enabled: boolean; one?: boolean }) =>
        v.one
          ? v.enabled
            ? 'orders.detail.lockerEnabled'
            : 'orders.detail.lockerDisabled'
          : 'orders.lockers.done',
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
