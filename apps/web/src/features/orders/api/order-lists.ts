import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { ListOrdersQuery, OrdersBulkRequest } from '@cacifo/contract/schemas/orders';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import { orderKeys } from './keys';

/** The endpoints behind the order list screens: the same filters and sort, a different scope. */
const ORDER_LIST_ENDPOINTS = {
  list: ordersApi.list,
  expired: ordersApi.expired,
  mine: ordersApi.mine,
} as const;
export type OrderListEndpoint = keyof typeof ORDER_LIST_ENDPOINTS;

/** One page of an order list; realtime (LockerUpdate) refreshes it, polling is the safety net. */
export function useOrderList(endpoint: OrderListEndpoint, query: ListOrdersQuery) {
  return useQuery(
    endpointQuery(
      ORDER_LIST_ENDPOINTS[endpoint] as typeof ordersApi.list,
      { query },
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  );
}

/** POST api/delivery/orders/bulk: archive, resend the code or cancel; a report per order. */
export function useBulkOrders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrdersBulkRequest) => callEndpoint(ordersApi.bulkOrders, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
