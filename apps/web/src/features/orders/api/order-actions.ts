import { useRef } from 'react';
import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { Order, OrderInput } from '@cacifo/contract/schemas/orders';
import { ApiError, callEndpoint } from '@/lib/api-client';
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

/**
 * Refusals that mean the page showed an order that has moved on: every order view reads it again
 * and the message says so ("… The page now shows the order as it is."). A lost race on a versioned
 * save (staleVersion) is the MutationCache's reload dialog instead.
 */
export const STALE_ORDER_CODES = ['stateNotAllowed', 'conflict', 'orderNotExist'] as const;
export const isStaleOrder = (e: unknown) =>
  e instanceof ApiError && (STALE_ORDER_CODES as readonly string[]).includes(e.code);
/** The stale codes in a mutation's meta: said with the server's reason, then "read again". */
export const staleOrderCodes = Object.fromEntries(
  STALE_ORDER_CODES.map((code) => [code, 'orders.action.staleRefreshed' as const]),
);

function useOrderMutation<V>(fn: (v: V) => Promise<Order>, meta?: MutationMeta) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.one(order.id), order);
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (e) => {
      if (isStaleOrder(e)) void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

type StaffActionVars = { action: StaffActionName; orderId: number };
const failureOf = (v: StaffActionVars) => `orders.action.failure.${v.action}` as const;

export const useStaffAction = () =>
  useOrderMutation(
    ({ action, orderId }: StaffActionVars) =>
      callEndpoint(STAFF_ACTION_ENDPOINTS[action], { body: { orderId } }),
    {
      success: (_o: Order, v: StaffActionVars) => `orders.action.success.${v.action}`,
      // A jam, a controller offline or any other failure: the action's own text, then why.
      error: failureOf,
      // A door that simply did not open is said by the action's own text alone.
      codes: { ...staleOrderCodes, doorOpenFailed: failureOf },
    },
  );

/** Unassigns the locker; the server checks the admin's PIN. */
export const useReleaseLocker = () =>
  useOrderMutation(
    ({ orderId, pin }: { orderId: number; pin: string }) =>
      callEndpoint(ordersApi.releaseLocker, { body: { orderId, pin } }),
    { success: 'orders.action.released', codes: staleOrderCodes },
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
    // The form shows a refusal itself, above its fields.
    { success: 'orders.detail.saved', error: false },
  );

export function useDeleteOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (packageId: string) => callEndpoint(ordersApi.remove, { body: { packageId } }),
    meta: { success: 'orders.detail.deleted' },
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
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
