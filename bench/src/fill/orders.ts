import { orderCountsRepository } from '../../../apps/server/src/modules/orders/order-counts.repository.js';
import { insertMany } from '../lib/insert.js';
import { COMPANIES, personName, spreadOverTwoYears } from '../lib/random.js';
import { DAY, iso, type Fill } from './fill.js';
import type { Network } from './network.js';

export const packageIdOf = (i: number) => `BENCH${String(i).padStart(9, '0')}`;

/**
 * Delivery orders over two years, their states by age, a delivery locker for each one that holds
 * one; answers the live package ids the lookup benchmark asks for.
 */
export async function fillOrders(f: Fill, { deliveryLockers, lockerIds }: Network) {
  const { db, r, n, end, adminId, log } = f;
  const orderTimes = spreadOverTwoYears(r, n.orders, end);
  // Delivered orders answer orderDelivered by design: the lookup benchmark asks for live ones.
  const livePackages: number[] = [];
  // States first, newest order first: a locker door holds one parcel, so the orders that hold a
  // locker (assigned, stored) take a free delivery locker, the most recent first; when none is
  // left, a recent one still waits for a locker (created) and an older one was taken out by staff.
  const orderStates = new Uint8Array(n.orders);
  const orderLockers = new Int32Array(n.orders);
  const freeLockers = [...(deliveryLockers.length ? deliveryLockers : lockerIds)];
  const takeLocker = () => {
    if (freeLockers.length === 0) return null;
    const k = r.int(0, freeLockers.length - 1);
    const id = freeLockers[k]!;
    freeLockers[k] = freeLockers[freeLockers.length - 1]!;
    freeLockers.pop();
    return id;
  };
  for (let i = n.orders - 1; i >= 0; i--) {
    const ageDays = (end - orderTimes[i]!) / DAY;
    let state: number;
    if (ageDays < 2)
      state = r.weighted([
        [1, 3],
        [2, 2],
        [4, 4],
        [7, 2],
      ] as const);
    else if (ageDays < 12)
      state = r.weighted([
        [4, 2],
        [7, 7],
        [9, 0.5],
        [13, 0.5],
      ] as const);
    else
      state = r.weighted([
        [7, 85],
        [13, 6],
        [9, 8],
        [12, 1],
      ] as const);
    if (state === 2 || state === 4) {
      const locker = takeLocker();
      if (locker === null) state = ageDays < 2 ? 1 : 13;
      else orderLockers[i] = locker;
    }
    orderStates[i] = state;
  }
  await insertMany(
    db,
    'orders',
    n.orders,
    (i) => {
      const t = orderTimes[i]!;
      const ageDays = (end - t) / DAY;
      const state = orderStates[i]!;
      if (i > 0 && state !== 7 && state !== 13 && livePackages.length < 20_000) livePackages.push(i);
      const stored = state === 4 || state === 7 || state === 13;
      const storedAt = stored ? t + r.int(1, 30) * 3_600_000 : null;
      const lockerId = orderLockers[i]! > 0 ? orderLockers[i]! : null;
      return {
        package_id: packageIdOf(i),
        delivery_type: r.next() < 0.95 ? 1 : 2,
        recipient_name: personName(r),
        recipient_email: r.next() < 0.7 ? `cliente${i}@mail.pt` : '',
        recipient_phone: `9${r.int(10_000_000, 99_999_999)}`,
        recipient_number: `REF${i}`,
        state,
        archived: ageDays > 90 && r.next() < 0.7 ? 1 : 0,
        company: r.next() < 0.2 ? r.pick(COMPANIES) : null,
        created_by: adminId,
        created_by_name: 'Administrador',
        locker_id: lockerId,
        stored_at: storedAt === null ? null : iso(storedAt),
        picked_up_at: state === 7 && storedAt ? iso(storedAt + r.int(1, 120) * 3_600_000) : null,
        created_at: iso(t),
        updated_at: iso(storedAt ?? t),
      };
    },
    (d) => log(`orders ${d}/${n.orders}`),
  );
  // The order_counts triggers appended one row per inserted order; a running server folds them
  // every 30 s, so a database with two years of orders holds a handful. Without this, the
  // server's first fold (a million rows) stalled it for seconds in the middle of a measurement.
  await orderCountsRepository.compact(db);
  log('order counts compacted');

  return livePackages;
}
