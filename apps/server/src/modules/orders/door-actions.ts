import type { Updateable } from 'kysely';
import type { ExteriorPurpose, OrderAction, OrderState } from '@cacifo/contract';
import type { Tx } from '../../db/schema.js';
import type { OrdersTable } from '../../db/tables/orders.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { doorNotOpened } from '../lockers/doors.service.js';
import type { Actor } from './order-events.js';
import { orderLogRow, recordChange } from './order-log-writer.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { refuse, targetOf } from './order-transitions.js';
import type { OrdersDeps } from './orders-deps.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';
import { deliveryLockersRepository } from './delivery-lockers.repository.js';

/**
 * At a place whose lockers stand behind an exterior door, the deposit and the recipient's pickup open
 * that door first and the order takes the exterior states: 16 instead of 3, 17 instead of 5 or 6
 * (docs/adr/0033). The locker door closing ends them as before (depositClosed, pickupClosed).
 */
const THROUGH_EXTERIOR: Partial<Record<OrderAction, { action: OrderAction; purpose: ExteriorPurpose }>> = {
  openForDeposit: { action: 'openExteriorForDeposit', purpose: 'deposit' },
  pickupWithPin: { action: 'openExteriorForPickup', purpose: 'pickup' },
  pickupWithQrcode: { action: 'openExteriorForPickup', purpose: 'pickup' },
};

/**
 * A staff or kiosk action that opens the door. The order moves to the action's state before the
 * command is sent (so the door-closed event that follows always finds it there); when the door
 * does not open, the order is put back exactly as it was and the caller is told why (doorNotOpened).
 */
export async function openDoorAction(
  deps: OrdersDeps,
  order: OrderRow,
  action: OrderAction,
  actor: Actor,
  opts: {
    patch?: Updateable<OrdersTable>;
    afterOpen?: (tx: Tx) => Promise<void>;
    userId?: number;
  } = {},
): Promise<OrderState> {
  if (order.locker_id === null) refuse(action, order.state);
  const exterior =
    THROUGH_EXTERIOR[action] &&
    order.place_id !== null &&
    (await deliveryLockersRepository.placeHasExteriorDoor(deps.db, order.place_id))
      ? THROUGH_EXTERIOR[action]
      : undefined;
  if (exterior) action = exterior.action;
  const to = targetOf(action, order.state);
  const lockerId = order.locker_id;
  const now = nowIso();
  const moved = await ordersRepository.updateIf(
    deps.db,
    order.id,
    order.version,
    { ...opts.patch, state: to, updated_at: now },
    [order.state],
  );
  if (!moved) throw new AppError('conflict');
  const putBack = async () => {
    const revert: Updateable<OrdersTable> = { state: order.state, updated_at: order.updated_at };
    for (const k of Object.keys(opts.patch ?? {}) as Array<keyof OrdersTable>) {
      (revert as Record<string, unknown>)[k] = order[k as keyof OrderRow];
    }
    await ordersRepository.updateIf(deps.db, order.id, order.version + 1, revert, [to]);
  };
  // A door that did not open stays in the order's history: the state is unchanged, the outcome says
  // why. It is not an order change, so it is not announced to the order listeners (a failed
  // "deliver by staff" must not read as a pickup to them).
  const logFailure = (outcome: string) =>
    orderLogsRepository.insert(deps.db, orderLogRow(order, action, order.state, order.state, actor, outcome));
  let result: Awaited<ReturnType<OrdersDeps['doors']['open']>>;
  const request = {
    actor: actor?.id != null ? { id: actor.id } : null,
    reason: `order.${action}`,
    ...(opts.userId ? { userId: opts.userId } : {}),
  };
  try {
    // The exterior door first: without it the locker cannot be reached, so its failure is the action's.
    const outer = exterior ? await deps.doors.openExterior(order.place_id!, exterior.purpose, request) : null;
    result = outer && !outer.ok ? outer : await deps.doors.open(lockerId, request);
  } catch (err) {
    // The device layer failed outright (locker gone, driver error): same as a door that did not open.
    await putBack();
    await logFailure('offline');
    throw err instanceof AppError ? err : new AppError('deviceUnavailable', { action, state: order.state });
  }
  if (!result.ok) {
    await putBack();
    await logFailure(result.outcome);
    throw doorNotOpened(result, { action, state: order.state });
  }
  // Announced once the door is confirmed open, with its log row: the move before the command (and
  // its revert when the door fails) is never announced (ADR 0050).
  await deps.db.transaction().execute(async (tx) => {
    await recordChange(tx, deps.events, {
      orderId: order.id,
      before: order,
      action,
      from: order.state,
      to,
      actor,
      description: result.outcome,
    });
    await opts.afterOpen?.(tx);
  });
  await deps.lockerUpdates.changed([lockerId], { capacity: true });
  return to;
}
