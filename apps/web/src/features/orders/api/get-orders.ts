import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryOf } from '@cacifo/contract/endpoint';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { Order } from '@cacifo/contract/schemas/orders';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';

export type ListOrdersParams = QueryOf<typeof ordersApi.list>;

/** GET api/delivery/listOrders: one page of a list variant (SPEC §7), paged on the server. */
export function listOrdersQueryOptions(params: ListOrdersParams) {
  return endpointQuery(
    ordersApi.list,
    { query: params },
    { placeholderData: keepPreviousData, refetchInterval: 30_000 },
  );
}
export const useOrders = (params: ListOrdersParams) => useQuery(listOrdersQueryOptions(params));

/** GET api/delivery/order?id: the detail pages (any state, with its logs). */
export function orderQueryOptions(id: number) {
  return endpointQuery(ordersApi.order, { query: { id } });
}
export const useOrder = (id: number) => useQuery({ ...orderQueryOptions(id), enabled: id > 0 });

/** GET api/delivery/order?packageId (navbar search, scanner): may throw orderDelivered / orderNotExist. */
export function fetchOrderByPackageId(packageId: string): Promise<Order> {
  return callEndpoint(ordersApi.order, { query: { packageId } });
}

/** GET api/delivery/expiredLockers: packages waiting too long, oldest first. */
export function useExpiredOrders(params: QueryOf<typeof ordersApi.expired>) {
  return useQuery(
    endpointQuery(
      ordersApi.expired,
      { query: params },
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  );
}

export type OrderLogsParams = QueryOf<typeof ordersApi.logs>;
/** GET api/delivery/orderLogs. */
export function useOrderLogs(params: OrderLogsParams) {
  return useQuery(endpointQuery(ordersApi.logs, { query: params }, { placeholderData: keepPreviousData }));
}
