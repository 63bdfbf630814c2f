import type { Insertable } from 'kysely';
import { DELIVERY_TYPE, ORDER_RECIPIENT_NAME, ORDER_STATE, can } from '@cacifo/contract';
import type { OrdersTable } from '../../db/tables/orders.js';
import type { Account } from '../../lib/account.js';

/** What a new order needs, whether typed, scanned or imported. */
export interface NewOrderInput {
  packageId: string;
  recipientPhone: string;
  recipientNumber?: string | undefined;
  recipientEmail?: string | undefined;
  recipientName?: string | undefined;
  recipientLanguage?: string | null | undefined;
  deliveryType?: number | undefined;
}

/** The row of a new order: created (state 1), in the company of the store account that made it. */
export function newOrderRow(input: NewOrderInput, account: Account, now: string): Insertable<OrdersTable> {
  return {
    package_id: input.packageId,
    delivery_type: input.deliveryType ?? DELIVERY_TYPE.PACKAGE,
    recipient_name: input.recipientName || ORDER_RECIPIENT_NAME,
    recipient_email: input.recipientEmail ?? '',
    recipient_phone: input.recipientPhone,
    recipient_number: input.recipientNumber ?? '',
    recipient_language: input.recipientLanguage ?? null,
    state: ORDER_STATE.CREATED,
    company: account.company && !can(account.role, 'companies.all') ? account.company : null,
    created_by: account.id,
    created_by_name: account.name || account.username,
    created_at: now,
    updated_at: now,
  };
}
