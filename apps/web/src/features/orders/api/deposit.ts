import { useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { Order } from '@cacifo/contract/schemas/orders';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import { orderKeys } from './keys';
import { isStaleOrder, staleOrderCodes } from './order-actions';

/** GET api/julian/deliveryLockers: delivery places with free lockers by size (the deposit dialog). */
const deliveryPlacesQueryOptions = endpointQuery(ordersApi.deliveryPlaces, {}, { refetchInterval: 15_000 });
export const useDeliveryPlaces = (enabled = true) => useQuery({ ...deliveryPlacesQueryOptions, enabled });

function useDepositMutation<V>(fn: (v: V) => Promise<Order>, meta: MutationMeta) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.one(order.id), order);
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (e) => {
      if (isStaleOrder(e)) void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** GET api/delivery/assignLocker: request (or change) a locker of a size at a place. */
export const useAssignLocker = () =>
  useDepositMutation(
    (v: { locationId: number; size: string; packageId: string }) =>
      callEndpoint(ordersApi.assignLocker, { query: v }),
    {
      error: 'orders.deposit.requestError',
      codes: {
        ...staleOrderCodes,
        'No locker avaliable': 'orders.deposit.noneAvailable',
        selectSize: 'orders.deposit.selectSize',
      },
    },
  );

/** GET api/delivery/storePackage: opens the assigned locker's door for the deposit. */
export const useStorePackage = () =>
  useDepositMutation((packageId: string) => callEndpoint(ordersApi.storePackage, { query: { packageId } }), {
    // The success is a notice with the print buttons (the deposit dialog); doorJammed and
    // deviceUnavailable say why in their own words.
    codes: { ...staleOrderCodes, doorOpenFailed: 'orders.deposit.doorFailed' },
  });
