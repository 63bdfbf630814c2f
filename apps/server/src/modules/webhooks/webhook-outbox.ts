import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { WEBHOOK_EVENT, WEBHOOK_RETRY_HOURS, type WebhookEvent, type WebhookPayload } from '@cacifo/contract';
import type { DbOrTx, Tx } from '../../db/schema.js';
import type { WebhookDeliveriesTable } from '../../db/tables/partners.js';
import { milestoneOf, type OrderChange, type OrderMilestone } from '../orders/order-events.js';
import { seesRecipients, toPartnerOrder } from '../partner/partner-order-mapper.js';
import { partnerOrdersRepository } from '../partner/partner-orders.repository.js';
import { parseEvents } from './webhooks.service.js';
import { parseScopes } from '../api-keys/api-keys.service.js';
import { webhookDeliveriesRepository as deliveryRepo } from './webhook-deliveries.repository.js';
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
  droppedOff: WEBHOOK_EVENT.RETURN_DROPPED_OFF,
  collected: WEBHOOK_EVENT.RETURN_COLLECTED,
};

interface Subscriber {
  id: number;
  events: WebhookEvent[];
  /** The key's client: the endpoint hears of that client's orders only. */
  client: string | null;
  /** The key holds `orders:read`: its bodies carry the recipient's name, phone and e-mail. */
  recipient: boolean;
}

async function subscribers(tx: DbOrTx): Promise<Subscriber[]> {
  const rows = await repo.subscribers(tx);
  return rows.map((r) => ({
    id: r.id,
    events: parseEvents(r.events),
    client: r.company,
    recipient: seesRecipients(parseScopes(r.scopes)),
  }));
}

/**
 * The webhook fan-out filter, the one place that decides who hears of an order (ADR 0100): an
 * endpoint that subscribed to the event and whose key belongs to the order's client. An order of
 * no client (the operator's) and a key of none are heard by nobody.
 */
const hears = (s: Subscriber, type: WebhookEvent, client: string | null) =>
  s.events.includes(type) && s.client !== null && s.client === client;

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
    .map((e) => ({ ...e, to: endpoints.filter((s) => hears(s, e.type, e.company)) }))
    .filter((e) => e.to.length > 0);
  if (wanted.length === 0) return;
  const orders = await partnerOrdersRepository.byIdsForOutbox(tx, [
    ...new Set(wanted.map((e) => e.change.orderId)),
  ]);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const rows = wanted.flatMap(({ change, type, to }) => {
    const order = byId.get(change.orderId);
    if (!order) return [];
    // One event id; two bodies at most: with the recipient's data for keys holding orders:read, without for the others.
    const id = randomUUID();
    const payloadFor = (recipient: boolean): WebhookPayload => ({
      id,
      type,
      createdAt: change.at,
      data: { order: toPartnerOrder(order, { recipient }), previousState: change.before?.state ?? null },
    });
    return [true, false].flatMap((recipient) => {
      const ids = to.filter((s) => s.recipient === recipient).map((s) => s.id);
      return ids.length > 0
        ? deliveryRows(payloadFor(recipient), `order:${change.orderId}`, ids, change.at)
        : [];
    });
  });
  await deliveryRepo.insertDeliveries(tx, rows);
}

export interface LockerAlert {
  locker: { id: number; locationId: number; locationName: string; doorNumber: number; size: string };
  doorStatus: number;
  at: string;
}

const hearsAlerts = (s: Subscriber): s is Subscriber & { client: string } =>
  s.events.includes(WEBHOOK_EVENT.LOCKER_ALERT) && s.client !== null;

/**
 * Whether any endpoint listens for `locker.alert` at all. Every door pulled open by hand is an
 * alert, and most operators have no such endpoint: one read answers that before the locker, its
 * location's grants and a transaction are read and opened for nobody (issue #34: those statements
 * competed with the recording of the next door event).
 */
export async function anyoneHearsLockerAlerts(db: DbOrTx): Promise<boolean> {
  return (await subscribers(db)).some(hearsAlerts);
}

/**
 * `locker.alert` for the endpoints that subscribed to it and whose key's client is granted the
 * locker's location (ADR 0205): a wall that does not serve a client is none of its business.
 */
export async function queueLockerAlert(tx: Tx, alert: LockerAlert): Promise<void> {
  const granted = await repo.clientsGranted(tx, alert.locker.locationId);
  const to = (await subscribers(tx)).filter((s) => hearsAlerts(s) && granted.has(s.client)).map((s) => s.id);
  if (to.length === 0) return;
  const payload: WebhookPayload = {
    id: randomUUID(),
    type: WEBHOOK_EVENT.LOCKER_ALERT,
    createdAt: alert.at,
    data: { locker: alert.locker, doorStatus: alert.doorStatus },
  };
  await deliveryRepo.insertDeliveries(tx, deliveryRows(payload, `locker:${alert.locker.id}`, to, alert.at));
}
