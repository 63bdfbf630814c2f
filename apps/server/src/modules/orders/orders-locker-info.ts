import type { FastifyInstance } from 'fastify';
import { orderState, type DeliveryType, type OrderState } from '@cacifo/contract';
import { ordersRepository } from './orders.repository.js';

/** States in which an order holds its locker: assigned, open, stored, waiting or being picked up. */
const FINISHED: readonly OrderState[] = [1, 7, 9, 13, 14];
const HOLDING = orderState.values.filter((s) => !FINISHED.includes(s));

/**
 * Tells the locker views which parcel is in a locker (SPEC `activeDelivery`): tiles show the time
 * chip from `storedAt`, and a locker holding an order never counts as available.
 */
export function registerOrdersLockerInfo(app: FastifyInstance) {
  app.lockerInfo.register(async (db, lockerIds) => {
    const rows = await ordersRepository.activeOrdersOfLockers(db, [...lockerIds], HOLDING);
    return new Map(
      rows
        .filter((r) => r.locker_id !== null)
        .map((r) => [
          r.locker_id!,
          {
            activeDelivery: {
              deliveryType: r.delivery_type as DeliveryType,
              storedAt: r.stored_at,
              orderId: r.id,
              packageId: r.package_id,
            },
          },
        ]),
    );
  });
}
