import {
  DELIVERY_TYPE,
  DOOR_STATUS,
  LOCKER_STATUS,
  ORDER_EXPIRED_AFTER_DAYS,
  ORDER_STATE,
  type OrderAction,
  type OrderState,
} from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import type { BusEvents } from '../../lib/event-bus.js';
import { deliveryLockersRepository } from './delivery-lockers.repository.js';
import type { Actor } from './order-events.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { transition } from './order-transitions.js';
import type { OrdersDeps } from './orders-deps.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';
import { pickupCodeFor } from './pickup-codes.js';

// What a locker door closing does to the order that had it open, and the sweep that applies a close
// missed while the server was down. The staff's store action shares storeIn with the deposit's close.

/** What the door closing means for an order that had its door opened, by the order's state. */
const CLOSE_ACTIONS: Partial<Record<OrderState, OrderAction>> = {
  [ORDER_STATE.OPEN_FOR_DELIVERY]: 'depositClosed',
  [ORDER_STATE.EXTERIOR_DOOR_OPENED_TO_DEPOSIT]: 'depositClosed',
  [ORDER_STATE.OPEN_WITH_PIN]: 'pickupClosed',
  [ORDER_STATE.OPEN_WITH_QRCODE]: 'pickupClosed',
  [ORDER_STATE.EXTERIOR_DOOR_OPENED_TO_PICKUP]: 'pickupClosed',
  [ORDER_STATE.OPEN_FOR_CANCEL]: 'cancelClosed',
  [ORDER_STATE.OPEN_FOR_VERIFICATION]: 'verificationClosed',
  [ORDER_STATE.OPEN_FOR_RETURN]: 'returnClosed',
};
/** Door closings after which the package is out and the locker free again. */
const FREES_LOCKER: readonly OrderAction[] = ['pickupClosed', 'cancelClosed', 'returnClosed'];
const OPEN_STATES = Object.keys(CLOSE_ACTIONS).map(Number) as OrderState[];
/** An order may sit in a door-open state this long before the sweep looks at it. */
const RECONCILE_AFTER_MS = 10 * 60_000;

/**
 * Puts a package in the stored state, with a pickup code when it has none yet (the recipient's
 * code when other parcels of theirs wait at the place); the message listener sends it.
 */
export async function storeIn(
  deps: OrdersDeps,
  order: OrderRow,
  action: OrderAction,
  actor: Actor,
  at?: string,
) {
  const now = at ?? nowIso();
  await deps.db.transaction().execute(async (tx) => {
    // A dropped-off return gets no pickup code: no one picks it up with one (its customer must not
    // share a code with their own parcels at the place), the carrier collects it (docs/adr/0180).
    const first = order.pickup_pin_hash === null && order.delivery_type !== DELIVERY_TYPE.RETURN_BOX;
    const code = first && order.place_id !== null ? await pickupCodeFor(tx, order, order.place_id) : null;
    if (order.locker_id !== null) {
      // Until the pickup window is set (the message listener does, from the location type's rules).
      const expiresAt =
        order.expires_at ??
        new Date(Date.parse(order.stored_at ?? now) + ORDER_EXPIRED_AFTER_DAYS * 86_400_000).toISOString();
      await deliveryLockersRepository.setStatus(
        tx,
        order.locker_id,
        LOCKER_STATUS.OCCUPIED_DELIVERY,
        now,
        expiresAt,
      );
    }
    await transition(
      tx,
      deps.events,
      order,
      action,
      actor,
      { ...(code ? code.patch : {}), ...(order.stored_at ? {} : { stored_at: now }) },
      { issuedCode: code ?? undefined, at },
    );
  });
  await deps.lockerUpdates.changed([order.locker_id], { capacity: true });
}

/**
 * Orders left in a door-open state (a door event missed while the server was down, or a crash
 * between moving the order and sending the command). When the open was confirmed (logged) and
 * the door is closed now, the missed close is applied; when it never was, the order goes back to
 * the state it had before. Runs from a periodic job.
 */
export async function reconcileOpenDoors(
  deps: OrdersDeps,
  olderThanMs = RECONCILE_AFTER_MS,
): Promise<number> {
  const before = nowIso(new Date(Date.now() - olderThanMs));
  const stuck = await ordersRepository.staleInStates(deps.db, OPEN_STATES, before);
  let fixed = 0;
  for (const order of stuck) {
    const logs = await orderLogsRepository.ofOrder(deps.db, order.id);
    const last = logs.at(-1);
    if (!last) continue;
    if (last.state === order.state) {
      const locker =
        order.locker_id === null ? null : await deliveryLockersRepository.locker(deps.db, order.locker_id);
      if (locker?.door_status !== DOOR_STATUS.CLOSED) continue;
      await onDoorClosed(deps, {
        placeId: locker.place_id,
        lockerId: locker.id,
        doorNumber: locker.door_number,
        doorStatus: DOOR_STATUS.CLOSED,
        previousStatus: DOOR_STATUS.OPEN,
        commanded: false,
        commandId: null,
        at: nowIso(),
      });
    } else if (
      await ordersRepository.updateIf(
        deps.db,
        order.id,
        order.version,
        { state: last.state, updated_at: nowIso() },
        [order.state],
      )
    ) {
      deps.log.warn(
        { orderId: order.id, state: order.state, back: last.state },
        'orders: unconfirmed door open reverted',
      );
    }
    fixed++;
  }
  return fixed;
}

/** Door events from the device layer: a door closing completes the step its opening started. */
export async function onDoorClosed(deps: OrdersDeps, e: BusEvents['doorChanged']): Promise<void> {
  if (e.doorStatus !== DOOR_STATUS.CLOSED || e.lockerId === null) return;
  const order = await ordersRepository.findActiveByLocker(deps.db, e.lockerId, OPEN_STATES);
  if (!order) return;
  const action = CLOSE_ACTIONS[order.state as OrderState]!;
  // A wall's journal replayed after an outage: the order moves at the wall's time (ADR 0125).
  const at = e.replayed ? e.at : undefined;
  if (action === 'depositClosed') {
    await storeIn(deps, order, action, null, at);
    return;
  }
  await deps.db.transaction().execute(async (tx) => {
    await transition(
      tx,
      deps.events,
      order,
      action,
      null,
      action === 'pickupClosed' && !order.picked_up_at ? { picked_up_at: at ?? nowIso() } : {},
      { at },
    );
    if (FREES_LOCKER.includes(action) && order.locker_id !== null) {
      await deliveryLockersRepository.setStatus(tx, order.locker_id, LOCKER_STATUS.AVAILABLE, nowIso());
    }
  });
  await deps.lockerUpdates.changed([order.locker_id], { capacity: true });
}
