import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import { endpointKeyPrefix } from '@/lib/endpoint-query';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';

// Realtime: a changed transaction refreshes the lists, details and the overview; a door change (a
// locker taken or freed by a rental: the PlacesChanged digest) refreshes the overview's occupancy.
// Every api file of this folder imports this one, so the handlers are in place whenever a
// marketplace query is.
onRealtimeMessage('UpdateTransactions', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.transactions) });
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.transaction) });
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.overview) });
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.vouchers) });
});
onRealtimeMessage('PlacesChanged', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.overview) });
});
for (const endpoint of [marketplaceApi.transactions, marketplaceApi.transaction, marketplaceApi.vouchers])
  realtimeTopicsWhileShown(endpointKeyPrefix(endpoint), [REALTIME_TOPIC.TRANSACTIONS]);
realtimeTopicsWhileShown(endpointKeyPrefix(marketplaceApi.overview), [
  REALTIME_TOPIC.TRANSACTIONS,
  REALTIME_TOPIC.DOORS,
]);
