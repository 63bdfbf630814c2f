import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import { endpointKeyPrefix } from '@/lib/endpoint-query';
import { onRealtimeMessage } from '@/lib/realtime';

// Realtime: a changed transaction refreshes the lists, details and the overview; a capacity change
// (a locker taken or freed by a rental) refreshes the overview's occupancy. Every api file of this
// folder imports this one, so the handlers are in place whenever a marketplace query is.
onRealtimeMessage('UpdateTransactions', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.transactions) });
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.transaction) });
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.overview) });
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.vouchers) });
});
onRealtimeMessage('UpdateCapacity', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.overview) });
});
