import {
  lockerSize,
  LOCKER_STATUS,
  ORDER_EXPIRED_AFTER_DAYS,
  ORDER_STATE,
  WAITING_PICKUP_STATES,
  type DeliveryAnalytics,
  type LockerSize,
  type OrderState,
  type SizeCounts,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { Account } from '../../lib/account.js';
import { nextDay } from '../../lib/date-range.js';
import { deliveryLockersRepository } from './delivery-lockers.repository.js';
import { companyScope } from './order-access.js';
import { ordersRepository } from './orders.repository.js';

const DAY = 86_400_000;
const DELIVERED: readonly number[] = [ORDER_STATE.DELIVERED, ORDER_STATE.DELIVERED_BY_STAFF];

/** Default window: the last 30 days, today included. */
function window(range?: { from: string; to: string }) {
  if (range) return range;
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * GET api/delivery/analytics: orders created in the window, per day and in total, with pickup time
 * and the current occupancy of the place's lockers. Counted in code: the window holds few rows and
 * the same code then runs unchanged on SQLite and PostgreSQL.
 */
export async function deliveryAnalytics(
  db: Db,
  account: Account,
  q: { locationId?: number | undefined; dateRange?: { from: string; to: string } | undefined },
): Promise<DeliveryAnalytics> {
  const { from, to } = window(q.dateRange);
  const rows = await ordersRepository.analyticsRows(db, {
    ...(q.locationId ? { placeId: q.locationId } : {}),
    from: `${from}T00:00:00.000Z`,
    to: nextDay(to),
    company: companyScope(account),
  });
  const days = new Map<string, { date: string; created: number; stored: number; delivered: number }>();
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t <= Date.parse(`${to}T00:00:00Z`) && days.size < 400;
    t += DAY
  ) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.set(date, { date, created: 0, stored: 0, delivered: 0 });
  }
  const bySize = Object.fromEntries(lockerSize.values.map((s) => [s, 0])) as SizeCounts;
  const totals = { created: 0, stored: 0, delivered: 0, canceled: 0, waiting: 0, expired: 0 };
  const expiredBefore = new Date(Date.now() - ORDER_EXPIRED_AFTER_DAYS * DAY).toISOString();
  let pickupMs = 0;
  let pickups = 0;
  for (const r of rows) {
    totals.created++;
    const c = days.get(r.created_at.slice(0, 10));
    if (c) c.created++;
    if (r.stored_at) {
      totals.stored++;
      const d = days.get(r.stored_at.slice(0, 10));
      if (d) d.stored++;
    }
    if (DELIVERED.includes(r.state) || (r.state === ORDER_STATE.ARCHIVED && r.picked_up_at)) {
      totals.delivered++;
      const d = r.picked_up_at ? days.get(r.picked_up_at.slice(0, 10)) : undefined;
      if (d) d.delivered++;
      if (r.picked_up_at && r.stored_at) {
        pickupMs += Date.parse(r.picked_up_at) - Date.parse(r.stored_at);
        pickups++;
      }
    }
    if (r.state === ORDER_STATE.CANCELED) totals.canceled++;
    if (WAITING_PICKUP_STATES.includes(r.state as OrderState)) {
      totals.waiting++;
      if (r.stored_at && r.stored_at < expiredBefore) totals.expired++;
    }
    if (r.locker_size && lockerSize.has(r.locker_size)) bySize[r.locker_size as LockerSize]++;
  }
  const lockers = (await deliveryLockersRepository.lockers(db, q.locationId)).filter((l) => l.enabled === 1);
  const occupied = lockers.filter((l) => l.status !== LOCKER_STATUS.AVAILABLE).length;
  return {
    from,
    to,
    totals,
    perDay: [...days.values()],
    bySize,
    averagePickupHours: pickups ? Math.round((pickupMs / pickups / 3_600_000) * 10) / 10 : null,
    occupancy: { lockers: lockers.length, occupied, available: lockers.length - occupied },
  };
}
