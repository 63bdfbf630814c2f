import type { Insertable } from 'kysely';
import type { Tx } from '../../db/schema.js';
import type { OrderLogsTable } from '../../db/tables/orders.js';
import { nowIso } from '../../db/helpers.js';
import type { Actor, OrderChangeAction, OrderEvents, PlainCode } from './order-events.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';

export type LogAction = Exclude<OrderChangeAction, 'delete'>;
type LoggedOrder = Pick<OrderRow, 'id' | 'package_id' | 'company' | 'locker_id'>;

const actorName = (a: Actor) => (a ? a.name || a.username : 'system');

/** The log row of one order action; `recordChange` writes it, the import writes many at once. */
export function orderLogRow(
  order: LoggedOrder,
  action: LogAction,
  from: number | null,
  to: number,
  actor: Actor,
  description: string | null = null,
  at: string = nowIso(),
): Insertable<OrderLogsTable> {
  return {
    order_id: order.id,
    package_id: order.package_id,
    // The action id of a log row is the state the action led to (SPEC: "Resend SMS", "Archived"...).
    action_id: to,
    action,
    from_state: from,
    state: to,
    admin_id: actor?.id ?? null,
    admin_name: actorName(actor),
    company: order.company,
    locker_id: order.locker_id,
    description,
    created_at: at,
  };
}

export interface RecordedChange {
  orderId: number;
  /** The order before the change (null for a new order). */
  before: OrderRow | null;
  action: LogAction;
  from: number | null;
  to: number;
  actor: Actor;
  description?: string | null;
  issuedCode?: PlainCode | undefined;
  /** When it happened, if not now: a wall's journal replayed after an outage (ADR 0125). */
  at?: string | undefined;
}

/**
 * Records a change already written to the order, inside its transaction: the log row, then the
 * change announced to the order listeners (ADR 0050). Every order change goes through here, so a
 * log row and its announcement always exist together. Answers the order as it is now.
 */
export async function recordChange(tx: Tx, events: OrderEvents, c: RecordedChange): Promise<OrderRow> {
  const after = await ordersRepository.findById(tx, c.orderId);
  if (!after) throw new Error(`order ${c.orderId} vanished inside its own transaction`);
  const row = orderLogRow(after, c.action, c.from, c.to, c.actor, c.description ?? null, c.at);
  await orderLogsRepository.insert(tx, row);
  await events.emit(tx, [
    {
      action: c.action,
      orderId: c.orderId,
      before: c.before,
      after,
      actor: c.actor,
      description: row.description ?? null,
      ...(c.issuedCode ? { issuedCode: { pin: c.issuedCode.pin, qr: c.issuedCode.qr } } : {}),
      at: row.created_at,
    },
  ]);
  return after;
}
