import {
  ADMIN_LOG_ACTION,
  lockerSize,
  type DeliveryLocker,
  type DeliveryPlace,
  type LockerSize,
  type OrderState,
  type SizeCounts,
} from '@cacifo/contract';
import { nowIso, toNumber } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { deliveryLockersRepository } from './delivery-lockers.repository.js';
import { visibleTo } from './order-access.js';
import type { OrdersDeps } from './orders-deps.js';
import { ordersRepository } from './orders.repository.js';

const emptySizes = (): SizeCounts => Object.fromEntries(lockerSize.values.map((s) => [s, 0])) as SizeCounts;

/** The lockers of the delivery places: free ones by size (deposit dialog), the locker list, enabling. */
export class DeliveryLockersService {
  constructor(private readonly deps: OrdersDeps) {}
  private get db() {
    return this.deps.db;
  }

  async deliveryPlaces(locationId?: number): Promise<DeliveryPlace[]> {
    const places = await deliveryLockersRepository.deliveryPlaces(this.db, locationId);
    const counts = await deliveryLockersRepository.availableCounts(
      this.db,
      places.map((p) => p.id),
    );
    return places.map((p) => {
      const availableLockers = emptySizes();
      for (const c of counts) {
        if (c.place_id === p.id && lockerSize.has(c.size))
          availableLockers[c.size as LockerSize] = toNumber(c.n as number);
      }
      return { id: p.id, name: p.name, availableLockers };
    });
  }

  async lockers(account: Account, placeId?: number): Promise<DeliveryLocker[]> {
    const lockers = await deliveryLockersRepository.lockers(this.db, placeId);
    const active = await ordersRepository.holdingOrdersOfLockers(
      this.db,
      lockers.map((l) => l.id),
    );
    const byLocker = new Map(active.map((o) => [o.locker_id, o]));
    return lockers.map((l) => {
      const o = byLocker.get(l.id);
      return {
        id: l.id,
        placeId: l.place_id,
        placeName: l.place_name,
        doorNumber: l.door_number,
        size: l.size,
        status: l.status,
        doorStatus: l.door_status,
        enabled: l.enabled,
        accessibility: l.accessibility,
        // Another company's parcel shows as an occupied locker, without its details.
        activeDelivery:
          o && visibleTo(account, o)
            ? {
                orderId: o.id,
                packageId: o.package_id,
                state: o.state as OrderState,
                deliveryType: o.delivery_type,
                storedAt: o.stored_at,
              }
            : null,
      };
    });
  }

  async setLockersEnabled(account: Account, lockerIds: number[], enabled: boolean) {
    const ids = [...new Set(lockerIds)];
    const found: NonNullable<Awaited<ReturnType<typeof deliveryLockersRepository.locker>>>[] = [];
    for (const id of ids) {
      const l = await deliveryLockersRepository.locker(this.db, id);
      if (!l || l.type !== 'DELIVERY') throw new AppError('notFound', { lockerId: id });
      found.push(l);
    }
    await this.db.transaction().execute(async (tx) => {
      await deliveryLockersRepository.setEnabled(tx, ids, enabled ? 1 : 0, nowIso());
      // One row per locker, as the location screen's enable and disable write (903/902).
      for (const l of found) {
        await writeAdminLog(tx, {
          actor: account,
          action: enabled ? ADMIN_LOG_ACTION.LOCKER_ENABLED : ADMIN_LOG_ACTION.LOCKER_DISABLED,
          locker: { id: l.id, doorNumber: l.door_number },
          place: { id: l.place_id, name: l.name },
        });
      }
    });
    await this.deps.lockerUpdates.changed(ids, { capacity: true });
    return { lockerIds: ids, enabled };
  }
}
