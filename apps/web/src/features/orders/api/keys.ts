import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { endpointKey } from '@/lib/endpoint-query';
import { onRealtimeMessage } from '@/lib/realtime';

/** Query keys of the delivery orders; only the files of this folder build them. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (params: object) => ['orders', 'list', params] as const,
  one: (id: number) => endpointKey(ordersApi.order, { query: { id } }),
  expired: (params: object) => ['orders', 'expired', params] as const,
  logs: (params: object) => ['orders', 'logs', params] as const,
  analytics: (params: object) => ['orders', 'analytics', params] as const,
};

// A locker changing (a door closed on a deposit or a pickup, a locker taken) moves orders on:
// every order view refreshes, so a detail page follows its order from "open" to "stored".
onRealtimeMessage('LockerUpdate', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: orderKeys.all });
});
