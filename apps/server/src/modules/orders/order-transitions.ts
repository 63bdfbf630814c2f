import type { Updateable } from 'kysely';
import {
  actionNeedsLocker,
  nextOrderState,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderState,
} from '@cacifo/contract';
import { nextUpdatedAt } from '../../db/versioned.js';
import type { Tx } from '../../db/schema.js';
import type { OrdersTable } from '../../db/tables/orders.js';
import { AppError } from '../../lib/errors.js';
import type { Actor, OrderEvents, PlainCode } from './order-events.js';
import { recordChange } from './order-log-writer.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';

/** A staff action the current state does not allow is refused (DECISIONS: 422). */
export function refuse(action: OrderAction, state: number): never {
  throw new AppError('stateNotAllowed', { action, state, allowedFrom: ORDER_ACTIONS[action].from });
}

/** Where `action` takes an order in `state` (the contract's state machine), or refused. */
export function targetOf(action: OrderAction, state: number): OrderState {
  return nextOrderState(action, state as OrderState) ?? refuse(action, state);
}

/**
 * Where `action` takes this order: the state machine on its state, and a locker when the action
 * works on one (an edited order, 11, may hold none: "release" must not silently move it back to 1).
 */
export function targetFor(action: OrderAction, order: Pick<OrderRow, 'state' | 'locker_id'>): OrderState {
  const to = targetOf(action, order.state);
  if (order.locker_id === null && actionNeedsLocker(action)) refuse(action, order.state);
  return to;
}

/**
 * Applies `action` to `order` inside `tx`: the state machine says where it goes, a compare-and-set
 * on the version makes a concurrent change lose with `conflict`, and the log row is written and the
 * change announced to the order listeners with it (`recordChange`).
 */
export async function transition(
  tx: Tx,
  events: OrderEvents,
  order: OrderRow,
  action: OrderAction,
  actor: Actor,
  patch: Updateable<OrdersTable> = {},
  opts: { description?: string | null; issuedCode?: PlainCode | undefined; at?: string | undefined } = {},
): Promise<OrderState> {
  const to = targetFor(action, order);
  // Strictly after the version read, so an editor holding the old `updatedAt` always sees the change.
  const done = await ordersRepository.updateIf(
    tx,
    order.id,
    order.version,
    { ...patch, state: to, updated_at: nextUpdatedAt(order.updated_at) },
    [order.state],
  );
  if (!done) throw new AppError('conflict');
  await recordChange(tx, events, {
    orderId: order.id,
    before: order,
    action,
    from: order.state,
    to,
    actor,
    description: opts.description ?? null,
    issuedCode: opts.issuedCode,
    at: opts.at,
  });
  return to;
}
