import { randomBytes } from 'node:crypto';
import { quote, TRANSACTION_ACTION as A, type Discount } from '@cacifo/contract';
import { nowIso } from '../db/helpers.js';
import type { DemoContext } from './seed-types.js';

const HOUR = 3_600_000;

/** The demo marketplace wall as demo-marketplace.ts made it: what its rentals point to. */
export interface DemoWall {
  placeId: number;
  screenId: number | undefined;
  lockers: Array<{ id: number; door_number: number; size: string }>;
  packs: Array<{ id: number; name: string; type: string; hours: number; price: number }>;
  voucherIds: Record<string, number>;
  iva: number;
  now: Date;
}

/**
 * A month of the wall's rentals and transactions in every status (with their logs), and two rentals
 * still running whose lockers are in use, so every marketplace screen has data.
 */
export async function seedDemoRentals(ctx: DemoContext, wall: DemoWall): Promise<void> {
  const { db } = ctx;
  const { placeId, screenId, lockers, packs, voucherIds, iva, now } = wall;
  const at = nowIso(now);
  const year = now.getUTCFullYear();
  // status, method, actions, pack index, voucher, days ago
  const history: Array<[string, 'creditCard' | 'mbway', number[], number, string | null, number]> = [
    ['paid', 'creditCard', [A.CARD_AUTHORISED, A.AMOUNT_HELD, A.PAID], 1, 'VERAO10', 0],
    ['paid', 'mbway', [A.MBWAY_AUTHORISED, A.PAID], 0, null, 0],
    ['paid', 'mbway', [A.MBWAY_AUTHORISED, A.PAID], 4, 'BEMVINDO', 1],
    ['captive', 'creditCard', [A.CARD_AUTHORISED, A.AMOUNT_HELD, A.PAID], 2, null, 2],
    ['error', 'creditCard', [A.ERROR], 1, null, 2],
    ['expired', 'mbway', [A.MBWAY_AUTHORISED, A.EXPIRED], 0, null, 3],
    ['paid', 'creditCard', [A.CARD_AUTHORISED, A.AMOUNT_HELD, A.PAID], 3, null, 5],
    ['refunded', 'creditCard', [A.CARD_AUTHORISED, A.AMOUNT_HELD, A.PAID], 1, null, 6],
    ['paid', 'mbway', [A.MBWAY_AUTHORISED, A.PAID], 5, null, 8],
    ['canceled', 'mbway', [A.MBWAY_AUTHORISED], 1, null, 9],
    ['paid', 'creditCard', [A.CARD_AUTHORISED, A.AMOUNT_HELD, A.PAID], 6, null, 12],
    ['transferred', 'mbway', [A.MBWAY_AUTHORISED, A.PAID], 4, null, 20],
    ['paid', 'creditCard', [A.CARD_AUTHORISED, A.AMOUNT_HELD, A.PAID], 1, 'VERAO10', 27],
  ];
  let n = 0;
  const insertTx = async (opts: {
    status: string;
    method: 'creditCard' | 'mbway';
    actions: number[];
    pack: (typeof packs)[number];
    voucher: string | null;
    start: Date;
    locker: (typeof lockers)[number];
    running?: boolean;
  }) => {
    const discount: Discount | null =
      opts.voucher === 'VERAO10'
        ? { discountType: 'percentage', discountValue: 10 }
        : opts.voucher === 'BEMVINDO'
          ? { discountType: 'fixed', discountValue: 200 }
          : null;
    const q = quote(opts.pack.price, iva, discount);
    const created = nowIso(opts.start);
    const end = new Date(opts.start.getTime() + opts.pack.hours * HOUR);
    const overran = opts.status === 'captive' ? new Date(end.getTime() + 2 * HOUR) : end;
    const money = ['paid', 'captive', 'transferred', 'refunded'].includes(opts.status);
    const phone = opts.method === 'mbway' ? `91${String(2345670 + n).padStart(7, '0')}` : null;
    const { id: rentalId } = await db
      .insertInto('rentals')
      .values({
        place_id: placeId,
        locker_id: opts.locker.id,
        door_number: opts.locker.door_number,
        size: opts.locker.size,
        status: opts.running ? 'active' : money ? 'ended' : 'canceled',
        phone,
        method: opts.method,
        pending_until: nowIso(new Date(opts.start.getTime() + 10 * 60_000)),
        started_at: money || opts.running ? created : null,
        ends_at: money || opts.running ? nowIso(end) : null,
        safe_until: money || opts.running ? nowIso(new Date(end.getTime() + 15 * 60_000)) : null,
        ended_at: opts.running ? null : nowIso(money ? overran : opts.start),
        deposit_cents: opts.method === 'creditCard' ? 2000 : 0,
        screen_id: screenId ?? null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const charged = opts.status === 'captive' ? 2000 : money ? q.totalCostCents : 0;
    const { id } = await db
      .insertInto('transactions')
      .values({
        rental_id: rentalId,
        kind: 'rental',
        reference: `CF${created.slice(2, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`,
        identifier: opts.method === 'mbway' ? `${phone!.slice(0, 2)}*****${phone!.slice(-2)}` : '**** 4242',
        provider_transaction_id: `sbx_demo_${++n}`,
        phone,
        place_id: placeId,
        place_name: 'Cacifos Cais do Sodré',
        locker_id: opts.locker.id,
        door_number: opts.locker.door_number,
        method: opts.method,
        status: opts.status,
        pack_id: opts.pack.id,
        pack_name: opts.pack.name,
        hours: opts.pack.hours,
        voucher_id: opts.voucher ? voucherIds[opts.voucher]! : null,
        voucher_code: opts.voucher,
        amount_cents: q.amountCents,
        discount_cents: q.discountCents,
        cost_cents: q.costCents,
        total_cost_cents: q.totalCostCents,
        iva_cents: q.ivaCents,
        iva_percent: iva,
        deposit_cents: opts.method === 'creditCard' ? 2000 : 0,
        charged_cents: charged,
        description: `${opts.pack.name} · ${opts.pack.hours} h · Cacifos Cais do Sodré #${opts.locker.door_number}`,
        invoice_id: money && !opts.running ? `FT ${year}/${100 + n}` : null,
        billed_minutes:
          money && !opts.running ? Math.ceil((overran.getTime() - opts.start.getTime()) / 60_000) : null,
        rental_start: money || opts.running ? created : null,
        rental_end: money || opts.running ? nowIso(overran) : null,
        paid_at: money ? nowIso(opts.running ? opts.start : overran) : null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let status = 'pending';
    for (const [i, action] of opts.actions.entries()) {
      if (action === A.AMOUNT_HELD) status = 'processing';
      if (action === A.PAID) status = opts.status === 'captive' ? 'captive' : 'paid';
      if (action === A.ERROR) status = 'error';
      if (action === A.EXPIRED) status = 'expired';
      await db
        .insertInto('transaction_logs')
        .values({
          transaction_id: id,
          action,
          status,
          details: null,
          created_at: nowIso(new Date(opts.start.getTime() + i * 20_000)),
        })
        .execute();
    }
  };
  for (const [i, [status, method, actions, pack, voucher, daysAgo]] of history.entries()) {
    const start = new Date(now.getTime() - daysAgo * 24 * HOUR - (3 + i) * HOUR);
    await insertTx({
      status,
      method,
      actions,
      pack: packs[pack]!,
      voucher,
      start,
      locker: lockers[(i + 4) % lockers.length]!,
    });
  }
  // Two rentals still running: a card one with its deposit held and an MBWay one already paid.
  const running: Array<[number, 'creditCard' | 'mbway', string, number[]]> = [
    [0, 'creditCard', 'processing', [A.CARD_AUTHORISED, A.AMOUNT_HELD]],
    [2, 'mbway', 'paid', [A.MBWAY_AUTHORISED, A.PAID]],
  ];
  for (const [idx, method, status, actions] of running) {
    const locker = lockers[idx]!;
    await insertTx({
      status,
      method,
      actions,
      pack: packs[2]!,
      voucher: null,
      start: new Date(now.getTime() - HOUR),
      locker,
      running: true,
    });
    await db.updateTable('lockers').set({ status: 6, updated_at: at }).where('id', '=', locker.id).execute();
  }
}
