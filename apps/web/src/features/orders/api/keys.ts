import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { endpointKey } from '@/lib/endpoint-query';
import { onRealtimeMessage } from '@/lib/realtime';

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
onRealtimeMessage('LockerUpdate', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: orderKeys.all });
});
