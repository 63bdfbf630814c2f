import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderInput } from '@cacifo/contract/schemas/orders';
import { api } from '@/lib/api-client';
import { orderKeys } from './keys';

/** Staff actions of the detail pages; each one is a POST api/delivery/order/{action} with the order id. */
export const STAFF_ACTION_PATHS = {
  verify: '/api/delivery/order/verify',
  store: '/api/delivery/order/store',
  archive: '/api/delivery/order/archive',
  resendSms: '/api/delivery/order/resendSms',
  cancel: '/api/delivery/order/cancel',
  deliverByStaff: '/api/delivery/order/deliverByStaff',
} as const;
export type StaffActionName = keyof typeof STAFF_ACTION_PATHS;

function useOrderMutation<V>(fn: (v: V) => Promise<Order>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.one(order.id), order);
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export const useStaffAction = () =>
  useOrderMutation(({ action, orderId }: { action: StaffActionName; orderId: number }) =>
    api.post<Order>(STAFF_ACTION_PATHS[action], { orderId }),
  );

/** Unassigns the locker; the server checks the admin's PIN. */
export const useReleaseLocker = () =>
  useOrderMutation(({ orderId, pin }: { orderId: number; pin: string }) =>
    api.post<Order>('/api/delivery/order/releaseLocker', { orderId, pin }),
  );

/** POST (new, id 0) or PUT (existing) api/delivery/order. */
export const useSaveOrder = () =>
  useOrderMutation((input: OrderInput & { id?: number | undefined }) =>
    input.id
      ? api.put<Order>('/api/delivery/order', input)
      : api.post<Order>('/api/delivery/order', { ...input, id: 0 }),
  );

export function useDeleteOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (packageId: string) =>
      api.delete<{ packageId: string }>('/api/delivery/order', { packageId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
