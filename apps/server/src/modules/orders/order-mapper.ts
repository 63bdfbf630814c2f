import {
  lockerSize,
  type MessageChannel,
  type MessageEvent,
  type MessageStatus,
  type Order,
  type OrderLog,
  type OrderMessage,
  type OrderState,
} from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { orderOutboxRepository } from './order-outbox.repository.js';
import type { OrderLogsTable } from '../../db/tables/orders.js';
import type { OrderRow } from './orders.repository.js';

type LogRow = Omit<OrderLogsTable, 'id'> & { id: number };

export function toOrderLog(r: LogRow): OrderLog {
  return {
    id: r.id,
    orderId: r.order_id,
    packageId: r.package_id,
    actionId: r.action_id,
    action: r.action as OrderLog['action'],
    fromState: (r.from_state ?? null) as OrderState | null,
    state: r.state as OrderState,
    adminId: r.admin_id,
    adminName: r.admin_name,
    description: r.description,
    createdAt: r.created_at,
  };
}

/** The messages sent about an order (SMS, e-mail), oldest first: the order reply carries them. */
export async function orderMessages(db: DbOrTx, orderId: number): Promise<OrderMessage[]> {
  return (await orderOutboxRepository.ofOrder(db, orderId)).map((m) => ({
    id: m.id,
    channel: m.channel as MessageChannel,
    event: m.event as MessageEvent,
    recipient: m.recipient,
    status: m.status as MessageStatus,
    error: m.error,
    attempts: m.attempts,
    createdAt: m.created_at,
    sentAt: m.sent_at,
  }));
}

export function toOrder(r: OrderRow, logs?: LogRow[], messages?: OrderMessage[]): Order {
  return {
    id: r.id,
    createdAt: r.created_at,
    createdBy: r.created_by_name,
    deliveryType: r.delivery_type,
    packageId: r.package_id,
    recipientName: r.recipient_name,
    recipientEmail: r.recipient_email,
    recipientPhone: r.recipient_phone,
    recipientNumber: r.recipient_number,
    recipientLanguage: (r.recipient_language ?? null) as Order['recipientLanguage'],
    state: r.state as OrderState,
    archived: r.archived === 1,
    company: r.company,
    pickUpAt: r.picked_up_at,
    storedAt: r.stored_at,
    updatedAt: r.updated_at,
    expiresAt: r.expires_at,
    assignedLocker:
      r.locker_id !== null && r.door_number !== null && r.place_id !== null
        ? {
            id: r.locker_id,
            number: r.door_number,
            size: r.locker_size ?? '',
            locationId: r.place_id,
            locationName: r.place_name ?? '',
            doorNumber: r.door_number,
            enabled: r.locker_enabled ?? 1,
          }
        : null,
    parcelSize: r.parcel_size !== null && lockerSize.has(r.parcel_size) ? r.parcel_size : null,
    targetLocationId: r.target_place_id,
    ...(logs ? { logs: logs.map(toOrderLog) } : {}),
    ...(messages ? { messages } : {}),
  };
}
