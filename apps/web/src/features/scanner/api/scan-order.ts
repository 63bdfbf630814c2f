import { useMutation } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { Order } from '@cacifo/contract/schemas/orders';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { registrationPayload, type LookupOutcome, type RegistrationValues } from '../lib/scan-flow';

/**
 * GET api/delivery/order?packageId (SPEC §7): the scanner's lookup. `orderDelivered` carries the
 * order as Data, `orderNotExist` none; anything else is a fetch failure.
 */
export async function lookupOrder(packageId: string): Promise<LookupOutcome> {
  try {
    const order = await callEndpoint(ordersApi.order, { query: { packageId } });
    return { kind: 'found', order };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'orderDelivered') {
      const data = e.data as Order | null;
      return { kind: 'delivered', order: data && typeof data.id === 'number' ? data : null };
    }
    if (e instanceof ApiError && e.code === 'orderNotExist') return { kind: 'notExist' };
    return { kind: 'error' };
  }
}

/**
 * POST api/delivery/order with id 0 and an empty recipientEmail. Order lists refresh through the
 * realtime LockerUpdate and their own polling; the scanner re-fetches by package id right after.
 */
export function useRegisterOrder() {
  return useMutation({
    mutationFn: (values: RegistrationValues) =>
      callEndpoint(ordersApi.create, { body: registrationPayload(values) }),
    meta: {
      success: 'scanner.messages.registered',
      error: 'scanner.messages.registerError',
      codes: { invalidInput: 'scanner.messages.invalidInput' },
    },
  });
}
