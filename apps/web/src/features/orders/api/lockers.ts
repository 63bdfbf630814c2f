import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryLocker } from '@cacifo/contract/schemas/orders';
import { api } from '@/lib/api-client';
import { orderKeys } from './keys';

/** GET api/delivery/lockers: lockers of the delivery places with their active delivery. */
export function useDeliveryLockers(placeId?: number) {
  return useQuery({
    queryKey: orderKeys.lockers(placeId),
    queryFn: ({ signal }) =>
      api.get<DeliveryLocker[]>('/api/delivery/lockers', { signal, query: { locationId: placeId } }),
    refetchInterval: 30_000,
  });
}

/** POST api/delivery/lockers/enabled: disable or enable a group of lockers. */
export function useSetLockersEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { lockerIds: number[]; enabled: boolean }) =>
      api.post<{ lockerIds: number[]; enabled: boolean }>('/api/delivery/lockers/enabled', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
