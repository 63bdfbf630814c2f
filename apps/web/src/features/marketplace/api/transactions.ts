import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import { callEndpoint } from '@/lib/api-client';
import { endpointKey, endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';

export type TransactionListQuery = NonNullable<CallInput<typeof marketplaceApi.transactions>['query']>;

const transactionsQueryOptions = (query: TransactionListQuery) =>
  endpointQuery(marketplaceApi.transactions, { query }, { placeholderData: keepPreviousData });

/** GET api/marketplace/transactions (Data.transactions, Data.totalTransactions), paged on the server. */
export function useTransactions(query: TransactionListQuery) {
  return useQuery(transactionsQueryOptions(query));
}

const transactionQueryOptions = (id: number) => endpointQuery(marketplaceApi.transaction, { params: { id } });

/** GET api/marketplace/transaction/{id}: fields, invoice details and the action log. */
export function useTransaction(id: number | null) {
  return useQuery({ ...transactionQueryOptions(id ?? 0), enabled: id !== null });
}

// A transaction created, paid, ended or edited (here, on a kiosk or in another tab) refreshes the
// list and the details shown.
onRealtimeMessage('UpdateTransactions', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.transactions) });
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.transaction) });
});
for (const endpoint of [marketplaceApi.transactions, marketplaceApi.transaction])
  realtimeTopicsWhileShown(endpointKeyPrefix(endpoint), [REALTIME_TOPIC.TRANSACTIONS]);

export function useUpdateTransaction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      id: number;
      description: string | null;
      invoiceId: string | null;
      updatedAt: string;
    }) => callEndpoint(marketplaceApi.updateTransaction, { body }),
    meta: { success: 'marketplace.saved.transaction', error: 'marketplace.errors.transactionSave' },
    onSuccess: (data) => {
      qc.setQueryData(endpointKey(marketplaceApi.transaction, { params: { id: data.transaction.id } }), data);
      void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.transactions) });
    },
  });
}

export function useDeleteTransaction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(marketplaceApi.deleteTransaction, { params: { id } }),
    meta: { success: 'marketplace.saved.transactionDeleted', error: 'marketplace.errors.transactionDelete' },
    onSuccess: () => void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.transactions) }),
  });
}

const marketplacePlacesQueryOptions = endpointQuery(marketplaceApi.places, {}, { staleTime: 5 * 60_000 });
export function useMarketplacePlaces() {
  return useQuery(marketplacePlacesQueryOptions);
}
