import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { Order, OrderInput } from '@cacifo/contract/schemas/orders';
import { callEndpoint } from '@/lib/api-client';
import { orderKeys } from './keys';

/** Staff actions of the detail pages; each one is a POST api/delivery/order/{action} with the order id. */
const STAFF_ACTION_ENDPOINTS = {
  verify: ordersApi.verify,
  store: ordersApi.store,
  archive: ordersApi.archive,
  resendSms: ordersApi.resendSms,
  cancel: ordersApi.cancel,
  deliverByStaff: ordersApi.deliverByStaff,
} as const;
export type StaffActionName = keyof typeof STAFF_ACTION_ENDPOINTS;

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
    callEndpoint(STAFF_ACTION_ENDPOINTS[action], { body: { orderId } }),
  );

/** Unassigns the locker; the server checks the admin's PIN. */
export const useReleaseLocker = () =>
  useOrderMutation(({ orderId, pin }: { orderId: number; pin: string }) =>
    callEndpoint(ordersApi.releaseLocker, { body: { orderId, pin } }),
  );

/**
 * POST (new, id 0) or PUT (existing) api/delivery/order. A new order carries the form's
 * idempotency key: a retried or doubled submission creates it once.
 */
export const useSaveOrder = () =>
  useOrderMutation(
    (input: OrderInput & { id?: number | undefined; idempotencyKey?: string; updatedAt?: string }) => {
      const { idempotencyKey, updatedAt, ...order } = input;
      return order.id
        ? callEndpoint(ordersApi.update, { body: { ...order, id: order.id, updatedAt: updatedAt ?? '' } })
        : callEndpoint(ordersApi.create, { body: { ...order, id: 0 } }, { idempotencyKey });
    },
  );

export function useDeleteOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (packageId: string) => callEndpoint(ordersApi.remove, { body: { packageId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** After a refused action (the page was stale), every order view reads the order again. */
export function useRefreshOrders() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: orderKeys.all });
}

/**
 * Runs one request at a time for a button or form: a second click while the first request is in
 * flight is dropped. TanStack's `isPending` only turns true after a render, too late for a double
 * click, which delivers both clicks before React re-renders the disabled button.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return (run: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    void run()
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  };
}

/** A random key for one form submission (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
