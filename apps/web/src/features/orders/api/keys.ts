import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { endpointKey } from '@/lib/endpoint-query';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';

/**
 * Query keys of the delivery orders: the area (every order query) and one order, both derived from
 * the contract entries like every other key (lib/endpoint-query).
 */
export const orderKeys = {
  all: ['orders'] as const,
  one: (id: number) => endpointKey(ordersApi.order, { query: { id } }),
};

// A locker changing (a door closed on a deposit or a pickup, a locker taken) moves orders on:
// every order view refreshes, so a detail page follows its order from "open" to "stored".
onRealtimeMessage('PlacesChanged', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: orderKeys.all });
});
realtimeTopicsWhileShown(orderKeys.all, [REALTIME_TOPIC.DOORS]);
