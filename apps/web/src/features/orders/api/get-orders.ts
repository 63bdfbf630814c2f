import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListOrdersReply, Order, OrderLogsReply } from '@cacifo/contract/schemas/orders';
import { api } from '@/lib/api-client';
import { orderKeys } from './keys';

export interface ListOrdersParams {
  max_results: number;
  offset: number;
  state?: readonly number[] | undefined;
  archived?: boolean | undefined;
  search?: string | undefined;
}

/** GET api/delivery/listOrders: one page of a list variant (SPEC §7), paged on the server. */
export function listOrdersQueryOptions(params: ListOrdersParams) {
  return queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListOrdersReply>('/api/delivery/listOrders', {
        signal,
        query: {
          max_results: params.max_results,
          offset: params.offset,
          state: params.state,
          archived: params.archived,
          search: params.search,
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
export const useOrders = (params: ListOrdersParams) => useQuery(listOrdersQueryOptions(params));

/** GET api/delivery/order?id: the detail pages (any state, with its logs). */
export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => api.get<Order>('/api/delivery/order', { signal, query: { id } }),
  });
}
export const useOrder = (id: number) => useQuery({ ...orderQueryOptions(id), enabled: id > 0 });

/** GET api/delivery/order?packageId (navbar search, scanner): may throw orderDelivered / orderNotExist. */
export function fetchOrderByPackageId(packageId: string): Promise<Order> {
  return api.get<Order>('/api/delivery/order', { query: { packageId } });
}

/** GET api/delivery/expiredLockers: packages waiting too long, oldest first. */
export function useExpiredOrders(params: { max_results: number; offset: number }) {
  return useQuery({
    queryKey: orderKeys.expired(params),
    queryFn: ({ signal }) =>
      api.get<ListOrdersReply>('/api/delivery/expiredLockers', { signal, query: params }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export interface OrderLogsParams {
  max_results: number;
  offset: number;
  packageId?: string | undefined;
  actionId?: number | undefined;
  createdAtInterval?: string | undefined;
}
/** GET api/delivery/orderLogs. */
export function useOrderLogs(params: OrderLogsParams) {
  return useQuery({
    queryKey: orderKeys.logs(params),
    queryFn: ({ signal }) =>
      api.get<OrderLogsReply>('/api/delivery/orderLogs', { signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}
