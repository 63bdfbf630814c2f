import type { DeliveryType } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { LockerInfo, LockerScope } from '../lockers/locker-info.js';
import { ordersRepository } from './orders.repository.js';

/**
 * The lockerInfo provider of the delivery area: the parcel each locker holds, for the locker views
 * of other areas (location grid, the tiles' time chip).
 */
export async function deliveryLockerInfo(db: Db, scope: LockerScope): Promise<Map<number, LockerInfo>> {
  const rows = await ('placeId' in scope
    ? ordersRepository.holdingOrdersOfPlace(db, scope.placeId)
    : ordersRepository.holdingOrdersOfLockers(db, [...scope.lockerIds]));
  return new Map(
    rows.map((o) => [
      o.locker_id!,
      {
        activeDelivery: {
          deliveryType: o.delivery_type as DeliveryType,
          storedAt: o.stored_at,
          orderId: o.id,
          packageId: o.package_id,
        },
      },
    ]),
  );
}
