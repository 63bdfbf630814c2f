import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { WEBHOOK_EVENT, WEBHOOK_RETRY_HOURS, type WebhookEvent, type WebhookPayload } from '@cacifo/contract';
import type { DbOrTx, Tx } from '../../db/schema.js';
import type { WebhookDeliveriesTable } from '../../db/tables/partners.js';
import { milestoneOf, type OrderChange, type OrderMilestone } from '../orders/order-events.js';
import { toPartnerOrder } from '../partner/partner-order-mapper.js';
import { partnerOrdersRepository } from '../partner/partner-orders.repository.js';
import { parseEvents } from './webhooks.service.js';
import { webhooksRepository as repo } from './webhooks.repository.js';

/** The webhook event of each order milestone (order-events.ts names them once for every outbox). */
const EVENT_OF: Record<OrderMilestone, WebhookEvent> = {
  created: WEBHOOK_EVENT.ORDER_CREATED,
  lockerAssigned: WEBHOOK_EVENT.ORDER_LOCKER_ASSIGNED,
  stored: WEBHOOK_EVENT.ORDER_STORED,
  pickedUp: WEBHOOK_EVENT.ORDER_PICKED_UP,
  canceled: WEBHOOK_EVENT.ORDER_CANCELED,
  expired: WEBHOOK_EVENT.ORDER_EXPIRED,
  returned: WEBHOOK_EVENT.ORDER_RETURNED,
};

interface Subscriber {
  id: number;
  events: WebhookEvent[];
  company: string | null;
}

async function subscribers(tx: DbOrTx): Promise<Subscriber[]> {
  const rows = await repo.subscribers(tx);
  return rows.map((r) => ({ id: r.id, events: parseEvents(r.events), company: r.company }));
}

/** An endpoint hears an order's events if its key sees the order: any order, or its company's. */
const hears = (s: Subscriber, type: WebhookEvent, company: string | null) =>
  s.events.includes(type) && (s.company === null || s.company === company);

function deliveryRows(
  payload: WebhookPayload,
  sequenceKey: string,
  endpointIds: number[],
  at: string,
): Insertable<WebhookDeliveriesTable>[] {
  const body = JSON.stringify(payload);
  const giveUpAt = new Date(Date.parse(at) + WEBHOOK_RETRY_HOURS * 3_600_000).toISOString();
  return endpointIds.map((endpointId) => ({
    endpoint_id: endpointId,
    event_id: payload.id,
    type: payload.type,
    payload: body,
    sequence_key: sequenceKey,
    status: 'pending',
    next_attempt_at: at,
    give_up_at: giveUpAt,
    created_at: at,
  }));
}

/**
 * The order listener of the webhook outbox (ADR 0050): inside the transaction of every order
 * change, one delivery row per endpoint that subscribed to the change's event. The rows commit
 * with the change or not at all; the worker sends them.
 */
export async function queueOrderEvents(tx: Tx, changes: readonly OrderChange[]): Promise<void> {
  const events = changes.flatMap((c) => {
    const milestone = milestoneOf(c);
    return milestone && c.after ? [{ change: c, type: EVENT_OF[milestone], company: c.after.company }] : [];
  });
  if (events.length === 0) return;
  const endpoints = await subscribers(tx);
  const wanted = events
    .map((e) => ({ ...e, to: endpoints.filter((s) => hears(s, e.type, e.company)).map((s) => s.id) }))
    .filter((e) => e.to.length > 0);
  if (wanted.length === 0) return;
  const orders = await partnerOrdersRepository.byIds(tx, [...new Set(wanted.map((e) => e.change.orderId))]);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const rows = wanted.flatMap(({ change, type, to }) => {
    const order = byId.get(change.orderId);
    if (!order) return [];
    const payload: WebhookPayload = {
      id: randomUUID(),
      type,
      createdAt: change.at,
      data: { order: toPartnerOrder(order), previousState: change.before?.state ?? null },
    };
    return deliveryRows(payload, `order:${change.orderId}`, to, change.at);
  });
  await repo.insertDeliveries(tx, rows);
}

export interface LockerAlert {
  locker: { id: number; locationId: number; locationName: string; doorNumber: number; size: string };
  doorStatus: number;
  at: string;
}

/** `locker.alert` for every endpoint that subscribed to it (lockers are the network's, not a company's). */
export async function queueLockerAlert(tx: Tx, alert: LockerAlert): Promise<void> {
  const to = (await subscribers(tx))
    .filter((s) => s.events.includes(WEBHOOK_EVENT.LOCKER_ALERT))
    .map((s) => s.id);
  if (to.length === 0) return;
  const payload: WebhookPayload = {
    id: randomUUID(),
    type: WEBHOOK_EVENT.LOCKER_ALERT,
    createdAt: alert.at,
    data: { locker: alert.locker, doorStatus: alert.doorStatus },
  };
  await repo.insertDeliveries(tx, deliveryRows(payload, `locker:${alert.locker.id}`, to, alert.at));
}
