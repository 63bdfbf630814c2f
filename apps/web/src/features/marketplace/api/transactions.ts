import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransactionDetails, TransactionsReply } from '@cacifo/contract/schemas/marketplace';
import { api } from '@/lib/api-client';
import { marketplaceKeys } from './keys';

export interface TransactionListParams {
  max_results: number;
  offset: number;
  status?: string | undefined;
  method?: string | undefined;
  placeId?: number | undefined;
  dateInterval?: string | undefined;
  search?: string | undefined;
}

export const transactionsQueryOptions = (params: TransactionListParams) =>
  queryOptions({
    queryKey: marketplaceKeys.transactionList(params),
    queryFn: ({ signal }) =>
      api.get<TransactionsReply>('/api/marketplace/transactions', { signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });

/** GET api/marketplace/transactions (Data.transactions, Data.totalTransactions), paged on the server. */
export function useTransactions(params: TransactionListParams) {
  return useQuery(transactionsQueryOptions(params));
}

export const transactionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: marketplaceKeys.transaction(id),
    queryFn: ({ signal }) => api.get<TransactionDetails>(`/api/marketplace/transaction/${id}`, { signal }),
  });

/** GET api/marketplace/transaction/{id}: fields, invoice details and the action log. */
export function useTransaction(id: number | null) {
  return useQuery({ ...transactionQueryOptions(id ?? 0), enabled: id !== null });
}

export function useUpdateTransaction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; description: string | null; invoiceId: string | null }) =>
      api.put<TransactionDetails>('/api/marketplace/transaction', v),
    onSuccess: (data) => {
      qc.setQueryData(marketplaceKeys.transaction(data.transaction.id), data);
      void qc.invalidateQueries({ queryKey: marketplaceKeys.transactions });
    },
  });
}

export function useDeleteTransaction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`/api/marketplace/transaction/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: marketplaceKeys.transactions }),
  });
}

export const marketplacePlacesQueryOptions = queryOptions({
  queryKey: marketplaceKeys.places,
  queryFn: ({ signal }) =>
    api.get<Array<{ id: number; name: string }>>('/api/marketplace/places', { signal }),
  staleTime: 5 * 60_000,
});
export function useMarketplacePlaces() {
  return useQuery(marketplacePlacesQueryOptions);
}
