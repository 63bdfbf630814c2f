import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { ListOrdersQuery, Order, OrderLogsQuery } from '@cacifo/contract/schemas/orders';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';

/** A list variant's fixed states as the query carries them (a comma list). */
export const stateParam = (states: readonly number[] | undefined) => (states ? states.join(',') : undefined);

/** GET api/delivery/listOrders: one page of a list (SPEC §7), filtered, sorted and paged on the server. */
function listOrdersQueryOptions(query: ListOrdersQuery) {
  return endpointQuery(
    ordersApi.list,
    { query },
    { placeholderData: keepPreviousData, refetchInterval: 30_000 },
  );
}
export const useOrders = (query: ListOrdersQuery) => useQuery(listOrdersQueryOptions(query));

/** GET api/delivery/order?id: the detail pages (any state, with its logs). */
function orderQueryOptions(id: number) {
  return endpointQuery(ordersApi.order, { query: { id } });
}
export const useOrder = (id: number) => useQuery({ ...orderQueryOptions(id), enabled: id > 0 });

/** GET api/delivery/order?packageId (navbar search, scanner): may throw orderDelivered / orderNotExist. */
export function fetchOrderByPackageId(packageId: string): Promise<Order> {
  return callEndpoint(ordersApi.order, { query: { packageId } });
}

/** GET api/delivery/expiredLockers: packages waiting too long, oldest first unless sorted. */
export function useExpiredOrders(query: ListOrdersQuery) {
  return useQuery(
    endpointQuery(
      ordersApi.expired,
      { query },
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  );
}

/** GET api/delivery/orderLogs: filtered by package, action, actor and days, newest first unless sorted. */
export function useOrderLogs(query: OrderLogsQuery) {
  return useQuery(endpointQuery(ordersApi.logs, { query }, { placeholderData: keepPreviousData }));
}
