import {
  ORDER_STATE,
  WAITING_PICKUP_STATES,
  type CredentialVia,
  type OrderAction,
  type OrderState,
} from '@cacifo/contract';
import { AppError } from '../../lib/errors.js';
import type { Actor } from './order-events.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { transition } from './order-transitions.js';
import type { OrdersDeps } from './orders-deps.js';
import { ordersRepository } from './orders.repository.js';

/** Who acted when a wall decided alone: no account, the wall itself (ADR 0125). */
export const WALL_ACTOR: Actor = { id: null, name: 'Cacifo (offline)', username: 'wall', company: null };

/** A parcel door a wall opened alone with its pickup or return code, as its journal tells it. */
export interface WallOpen {
  orderId: number;
  placeId: number;
  kind: 'pickup' | 'return';
  via: CredentialVia;
  door: number;
  outcome: 'opened' | 'alreadyOpen' | 'jammed';
  /** The wall's time, ISO. */
  at: string;
}

export type WallResult =
  | { result: 'applied' }
  | { result: 'ignored'; detail: Record<string, unknown> }
  /** `applied`: what the wall did stands (a parcel is in, a door was used) and the conflict says why it should not have. */
  | { result: 'conflict'; detail: Record<string, unknown>; applied?: boolean };

/**
 * The order takes the step the kiosk would have given it (the door-open state, the pickup at the
 * wall's time); the door closing, from the same journal, then delivers it as always, with its
 * messages and webhooks. When the server holds the parcel otherwise (cancelled, collected, given a
 * new code meanwhile), nothing changes and the conflict is answered with the server's side.
 */
export async function applyWallOpen(deps: OrdersDeps, open: WallOpen): Promise<WallResult> {
  const order = await ordersRepository.findById(deps.db, open.orderId);
  if (!order) return { result: 'conflict', detail: { reason: 'orderGone' } };
  if (order.place_id !== open.placeId || order.door_number !== open.door) {
    return {
      result: 'conflict',
      detail: { reason: 'otherDoor', placeId: order.place_id, door: order.door_number, state: order.state },
    };
  }
  // A jammed door gave nothing out: the order stays as it is.
  if (open.outcome === 'jammed') return { result: 'ignored', detail: { reason: 'jammed' } };
  const state = order.state as OrderState;
  const waiting =
    open.kind === 'pickup' ? WAITING_PICKUP_STATES.includes(state) : state === ORDER_STATE.EXPIRED;
  const action: OrderAction =
    open.kind === 'return' ? 'openForReturn' : open.via === 'qr' ? 'pickupWithQrcode' : 'pickupWithPin';
  if (waiting) {
    try {
      await deps.db.transaction().execute(async (tx) => {
        await transition(
          tx,
          deps.events,
          order,
          action,
          WALL_ACTOR,
          open.kind === 'pickup' ? { picked_up_at: open.at } : {},
          { description: `wall:${open.outcome}`, at: open.at },
        );
      });
      await deps.lockerUpdates.changed([order.locker_id], { capacity: true });
      return { result: 'applied' };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  // What the server did with the parcel meanwhile, for whoever settles it.
  const last = (await orderLogsRepository.ofOrder(deps.db, order.id)).at(-1);
  return {
    result: 'conflict',
    detail: {
      reason: 'notWaiting',
      orderId: order.id,
      packageId: order.package_id,
      state: order.state,
      lastChange: last
        ? { action: last.action, by: last.admin_name, at: last.created_at, state: last.state }
        : null,
    },
  };
}
