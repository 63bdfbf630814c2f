import { createHash } from 'node:crypto';
import { LOCKER_STATUS, ORDER_EXPIRED_AFTER_DAYS, ORDER_STATE, type OrderState } from '@cacifo/contract';
import { pinHash } from '../modules/orders/pickup-codes.js';
import type { DemoContext } from './seed-types.js';

const DAY = 86_400_000;
const S = ORDER_STATE;

/**
 * Orders in every state at the delivery place, spread over the last month so that lists, history,
 * expired lockers (10+ days, the time chip's colours) and analytics all show something.
 * [state, days since created, days since stored, company]
 */
const DEMO_ORDERS: Array<[OrderState, number, number | null, string | null]> = [
  [S.CREATED, 0, null, null],
  [S.CREATED, 1, null, 'Loja Chiado'],
  [S.UPDATED, 2, null, null],
  [S.LOCKER_ASSIGNED, 0, null, null],
  [S.LOCKER_ASSIGNED, 1, null, 'Loja Chiado'],
  [S.STORED_IN_LOCKER, 1, 1, null],
  [S.STORED_IN_LOCKER, 3, 3, 'Loja Chiado'],
  [S.STORED_IN_LOCKER, 13, 12, null],
  [S.STORED_IN_LOCKER, 16, 15, null],
  [S.STORED_IN_LOCKER, 24, 22, 'Loja Chiado'],
  [S.VERIFIED, 5, 4, null],
  [S.RESEND_SMS, 8, 7, null],
  [S.DELIVERED, 4, 4, null],
  [S.DELIVERED, 6, 5, 'Loja Chiado'],
  [S.DELIVERED, 9, 8, null],
  [S.DELIVERED, 11, 11, null],
  [S.DELIVERED_BY_STAFF, 12, 12, null],
  [S.CANCELED, 14, null, null],
  [S.ARCHIVED, 25, 24, null],
  [S.ARCHIVED, 28, 27, 'Loja Chiado'],
  // Not collected in time (issue #25): waiting to be taken back, and taken back.
  [S.EXPIRED, 6, 5, null],
  [S.EXPIRED, 9, 8, 'Loja Chiado'],
  [S.RETURNED, 12, 11, null],
];
/** The steps an order in `state` went through, as the state machine would have logged them. */
const PATHS: Partial<Record<OrderState, OrderState[]>> = {
  [S.UPDATED]: [S.UPDATED],
  [S.LOCKER_ASSIGNED]: [S.LOCKER_ASSIGNED],
  [S.STORED_IN_LOCKER]: [S.LOCKER_ASSIGNED, S.OPEN_FOR_DELIVERY, S.STORED_IN_LOCKER],
  [S.VERIFIED]: [
    S.LOCKER_ASSIGNED,
    S.OPEN_FOR_DELIVERY,
    S.STORED_IN_LOCKER,
    S.OPEN_FOR_VERIFICATION,
    S.VERIFIED,
  ],
  [S.RESEND_SMS]: [S.LOCKER_ASSIGNED, S.OPEN_FOR_DELIVERY, S.STORED_IN_LOCKER, S.RESEND_SMS],
  [S.DELIVERED]: [S.LOCKER_ASSIGNED, S.OPEN_FOR_DELIVERY, S.STORED_IN_LOCKER, S.OPEN_WITH_PIN, S.DELIVERED],
  [S.DELIVERED_BY_STAFF]: [S.LOCKER_ASSIGNED, S.OPEN_FOR_DELIVERY, S.STORED_IN_LOCKER, S.DELIVERED_BY_STAFF],
  [S.CANCELED]: [S.CANCELED],
  [S.EXPIRED]: [S.LOCKER_ASSIGNED, S.OPEN_FOR_DELIVERY, S.STORED_IN_LOCKER, S.EXPIRED],
  [S.RETURNED]: [
    S.LOCKER_ASSIGNED,
    S.OPEN_FOR_DELIVERY,
    S.STORED_IN_LOCKER,
    S.EXPIRED,
    S.OPEN_FOR_RETURN,
    S.RETURNED,
  ],
  [S.ARCHIVED]: [
    S.LOCKER_ASSIGNED,
    S.OPEN_FOR_DELIVERY,
    S.STORED_IN_LOCKER,
    S.OPEN_WITH_PIN,
    S.DELIVERED,
    S.ARCHIVED,
  ],
};
const ACTION_TO: Partial<Record<OrderState, string>> = {
  [S.UPDATED]: 'update',
  [S.LOCKER_ASSIGNED]: 'assignLocker',
  [S.OPEN_FOR_DELIVERY]: 'openForDeposit',
  [S.STORED_IN_LOCKER]: 'depositClosed',
  [S.OPEN_FOR_VERIFICATION]: 'verify',
  [S.VERIFIED]: 'verificationClosed',
  [S.RESEND_SMS]: 'resendSms',
  [S.OPEN_WITH_PIN]: 'pickupWithPin',
  [S.DELIVERED]: 'pickupClosed',
  [S.DELIVERED_BY_STAFF]: 'deliverByStaff',
  [S.CANCELED]: 'cancelBeforeDeposit',
  [S.ARCHIVED]: 'archive',
  [S.EXPIRED]: 'expire',
  [S.OPEN_FOR_RETURN]: 'openForReturn',
  [S.RETURNED]: 'returnClosed',
};
const SYSTEM_STEPS: readonly OrderState[] = [
  S.STORED_IN_LOCKER,
  S.VERIFIED,
  S.DELIVERED,
  S.OPEN_WITH_PIN,
  S.EXPIRED,
  S.RETURNED,
];
/** The pickup window the demo's parcels had (the default rules): their expiry shows where it ended. */
const WINDOW_DAYS = 3;

function historyOf(state: OrderState, createdDays: number, storedDays: number | null) {
  const steps = PATHS[state] ?? [];
  const out: Array<{
    state: OrderState;
    days: number;
    from: OrderState | null;
    action: string;
    system: boolean;
  }> = [{ state: S.CREATED, days: createdDays, from: null, action: 'create', system: false }];
  let from: OrderState = S.CREATED;
  for (const step of steps) {
    const afterStore = storedDays !== null && out.some((l) => l.state === S.STORED_IN_LOCKER);
    const days =
      step === S.LOCKER_ASSIGNED || storedDays === null
        ? createdDays
        : step === S.EXPIRED || step === S.OPEN_FOR_RETURN || step === S.RETURNED
          ? Math.max(storedDays - WINDOW_DAYS, 0)
          : afterStore
            ? Math.max(storedDays - 1, 0)
            : storedDays;
    out.push({
      state: step,
      days,
      from,
      action: ACTION_TO[step] ?? 'seed',
      system: SYSTEM_STEPS.includes(step),
    });
    from = step;
  }
  return out;
}

const HOLDS_LOCKER: readonly number[] = [2, 4, 11, 12, 15, S.EXPIRED];

export async function seedDemoOrders(ctx: DemoContext): Promise<void> {
  const placeId = ctx.ids['place:delivery'];
  if (!placeId) return;
  const lockers = await ctx.db
    .selectFrom('lockers')
    .select(['id', 'size'])
    .where('place_id', '=', placeId)
    .where('size', '!=', 'XS')
    .orderBy('door_number')
    .execute();
  const adminId = ctx.ids['admin:admin'] ?? null;
  // The delivery wall's kiosk screen (/kiosk): pickups and couriers' deposits at this place.
  const kioskId = ctx.ids['admin:kiosk'];
  if (kioskId)
    await ctx.db
      .insertInto('kiosk_screens')
      .values({ admin_id: kioskId, place_id: placeId, created_at: new Date().toISOString() })
      .execute();
  let next = 0;
  for (const [i, [state, createdDays, storedDays, company]] of DEMO_ORDERS.entries()) {
    const at = (days: number) => new Date(Date.now() - days * DAY - (i % 5) * 3_600_000).toISOString();
    const locker =
      state === S.CREATED || state === S.UPDATED || state === S.CANCELED
        ? null
        : lockers[next++ % lockers.length]!;
    const packageId = `SGPT${String(202600100 + i)}`;
    const delivered = state === S.DELIVERED || state === S.DELIVERED_BY_STAFF || state === S.ARCHIVED;
    // An expired parcel answers to its return code at the kiosk (and shows it on the return list).
    const returnCode = state === S.EXPIRED ? String(480_000 + i * 1_237).slice(0, 6) : null;
    const returned = state === S.RETURNED;
    const { id } = await ctx.db
      .insertInto('orders')
      .values({
        package_id: packageId,
        recipient_name: 'Cliente',
        recipient_email: i % 3 === 0 ? `cliente${i}@exemplo.pt` : '',
        recipient_phone: `91${String(1000000 + i * 7919).slice(-7)}`,
        recipient_number: `PRT${String(500 + i)}`,
        state,
        archived: state === S.ARCHIVED ? 1 : 0,
        company,
        created_by: adminId,
        created_by_name: company ?? 'Administrador',
        // A returned parcel left its locker; the log keeps which one it was.
        locker_id: returned ? null : (locker?.id ?? null),
        // Demo pickup codes are not sent to anyone: a hash of nothing anyone can type.
        pickup_pin_hash: returnCode
          ? pinHash(placeId, returnCode)
          : storedDays !== null && !returned
            ? createHash('sha256').update(`demo:${i}`).digest('hex')
            : null,
        return_code: returnCode,
        expires_at: storedDays !== null ? at(storedDays - WINDOW_DAYS) : null,
        stored_at: storedDays !== null ? at(storedDays) : null,
        picked_up_at: delivered && storedDays !== null ? at(Math.max(storedDays - 1, 0)) : null,
        created_at: at(createdDays),
        updated_at: at(storedDays ?? createdDays),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('order_logs')
      .values(
        historyOf(state, createdDays, storedDays).map((l) => ({
          order_id: id,
          package_id: packageId,
          action_id: l.state,
          action: l.action,
          from_state: l.from,
          state: l.state,
          admin_id: l.system ? null : adminId,
          admin_name: l.system ? 'system' : 'Administrador',
          company,
          locker_id: locker?.id ?? null,
          description: null,
          created_at: at(l.days),
        })),
      )
      .execute();
    if (locker && HOLDS_LOCKER.includes(state)) {
      const status = state === S.LOCKER_ASSIGNED ? LOCKER_STATUS.RESERVED : LOCKER_STATUS.OCCUPIED_DELIVERY;
      // A stored package's locker expires when the package has waited too long (alerts area).
      const expires = storedDays !== null ? at(storedDays - ORDER_EXPIRED_AFTER_DAYS) : null;
      await ctx.db
        .updateTable('lockers')
        .set({ status, expiration_date_time: expires })
        .where('id', '=', locker.id)
        .execute();
    }
  }
}
