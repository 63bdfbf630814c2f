import { onRealtimeMessage } from '@/lib/realtime';

/** Query keys of the marketplace; only the files of this folder build them. */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  overview: ['marketplace', 'overview'] as const,
  settings: ['marketplace', 'settings'] as const,
  prices: (type?: string) => ['marketplace', 'prices', type ?? 'all'] as const,
  vouchers: ['marketplace', 'vouchers'] as const,
  transactions: ['marketplace', 'transactions'] as const,
  transactionList: (params: object) => ['marketplace', 'transactions', 'list', params] as const,
  transaction: (id: number) => ['marketplace', 'transactions', 'one', id] as const,
  logs: (params: object) => ['marketplace', 'logs', params] as const,
  places: ['marketplace', 'places'] as const,
};

// Realtime: a changed transaction refreshes the lists, details and the overview; a capacity change
// (a locker taken or freed by a rental) refreshes the overview's occupancy.
onRealtimeMessage('UpdateTransactions', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: marketplaceKeys.transactions });
  void qc.invalidateQueries({ queryKey: marketplaceKeys.overview });
  void qc.invalidateQueries({ queryKey: marketplaceKeys.vouchers });
});
onRealtimeMessage('UpdateCapacity', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: marketplaceKeys.overview });
});
