import { ORDER_STATE, type KioskPickupReply, type OrderAction } from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import type { Account } from '../../lib/account.js';
import { openDoorAction } from './door-actions.js';
import type { OrdersDeps } from './orders-deps.js';
import type { OrderRow } from './orders.repository.js';

/**
 * Opens every locker answering to the code typed or shown at the kiosk: a recipient's parcels at
 * the place share one code (each order records its own pickup when its door closes), and an
 * expired parcel opens for the courier taking it back. Doors open one after the other; when some
 * open and one fails, the opened ones are answered (the rest still answer to the code); when none
 * opens, the first failure is.
 */
export async function openByCode(
  deps: OrdersDeps,
  orders: OrderRow[],
  account: Account,
  via: 'pin' | 'qr',
): Promise<KioskPickupReply> {
  const parcels: KioskPickupReply['parcels'] = [];
  let failure: unknown = null;
  for (const order of orders) {
    const returning = order.state === ORDER_STATE.EXPIRED;
    const action: OrderAction = returning
      ? 'openForReturn'
      : via === 'pin'
        ? 'pickupWithPin'
        : 'pickupWithQrcode';
    try {
      const state = await openDoorAction(deps, order, action, account, {
        ...(returning ? {} : { patch: { picked_up_at: nowIso() } }),
      });
      parcels.push({ orderId: order.id, packageId: order.package_id, doorNumber: order.door_number, state });
    } catch (err) {
      failure ??= err;
    }
  }
  if (parcels.length === 0) throw failure;
  const kind = orders[0]!.state === ORDER_STATE.EXPIRED ? 'return' : 'pickup';
  return { ...parcels[0]!, kind, parcels };
}
