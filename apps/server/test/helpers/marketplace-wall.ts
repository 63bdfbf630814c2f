import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  API,
  type CallInput,
  type Endpoint,
  type InputOf,
  type LockerSize,
  type ReplyOf,
} from '@cacifo/contract';
import { callApi, signIn } from './test-app.js';
import { createPlace, waitFor } from './fixtures.js';

/** A marketplace wall as a suite set it up: who calls, where, and the provider's secret. */
export interface MarketplaceWall {
  admin: string;
  screen: string;
  placeId: number;
  lockerIds: number[];
  packId: number;
  guestPackId: number;
  secret: string;
}

type Settings = Omit<InputOf<typeof API.marketplace.updateSettings.body>, 'updatedAt'>;

/** Marketplace settings open all day for parking and guests, 15 safe minutes, payment required. */
export const SETTINGS = {
  parkOpening: '00:00',
  parkClosing: '00:00',
  guestOpening: '00:00',
  guestClosing: '00:00',
  safeTimeMinutes: 15,
  pendingMinutes: 10,
  ivaPercent: 23,
  captiveDepositCents: 2000,
  freeMode: false,
};

/**
 * The calls a marketplace suite makes, for the wall `s` and the app of `ctx` (both read when each
 * call is made, so a suite may fill them later): the wall's screen, the back office, the payment
 * provider, and what the database says of lockers and transactions.
 */
export function marketplaceCalls(ctx: { app: FastifyInstance }, s: MarketplaceWall) {
  const kiosk = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, s.screen, endpoint, input);
  const admin = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, s.admin, endpoint, input);
  /** The provider's call as sent: these bytes with this signature header. */
  const post = (raw: string, signature: string) =>
    // The signed bytes exactly as sent: a raw body, which the typed one cannot be.
    ctx.app.inject({
      method: 'POST',
      url: API.rentals.paymentWebhook.path,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-cacifo-signature': signature },
    });
  /** The body (a new event id unless it has one) and its header, signed with its time `at`. */
  const signed = (body: object, secret = s.secret, at = Date.now()) => {
    const raw = JSON.stringify({ eventId: `evt_${randomUUID()}`, ...body });
    const t = Math.floor(at / 1000);
    return { raw, header: `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}` };
  };
  return {
    kiosk,
    admin,
    post,
    signed,
    /** The provider's call: a new event unless the body has one, signed with its time. */
    webhook: (body: object, secret = s.secret, at = Date.now()) => {
      const { raw, header } = signed(body, secret, at);
      return post(raw, header);
    },
    /** Saves the marketplace settings from their current version (docs/adr/0027). */
    saveSettings: async (settings: Settings) => {
      const { updatedAt } = (await admin(API.marketplace.settings, {})).body.Data;
      const r = await admin(API.marketplace.updateSettings, { body: { ...settings, updatedAt } });
      if (r.status !== 200) throw new Error(`settings: ${r.status} ${JSON.stringify(r.body)}`);
    },
    /** Waits until the simulated door closed again, so the locker counts as free. */
    closed: (lockerId: number) =>
      waitFor(
        async () =>
          (
            await ctx.app.db
              .selectFrom('lockers')
              .select('door_status')
              .where('id', '=', lockerId)
              .executeTakeFirstOrThrow()
          ).door_status === 2,
      ),
    lockerStatus: async (id: number) =>
      (await ctx.app.db.selectFrom('lockers').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status,
    /** The actions of a transaction's log, in order. */
    logActions: async (txId: number) =>
      (
        await ctx.app.db
          .selectFrom('transaction_logs')
          .select('action')
          .where('transaction_id', '=', txId)
          .orderBy('id')
          .execute()
      ).map((r) => r.action),
    /** Data of a refused or expired payment (422): the rental as it ended and its transaction. */
    refusal: (r: { body: { Data: unknown } }) =>
      r.body.Data as { rental: ReplyOf<typeof API.rentals.rent>; transactionId: number },
  };
}

/**
 * Sets up a marketplace wall into `s` without asserting on the way (a refusal throws): an admin, a
 * screen bound to a new MARKETPLACE place, `settings` saved when given, the visitor pack `pack`
 * (and a guest pack if asked), the `vouchers`, and the provider's secret.
 */
export async function setUpMarketplaceWall(
  app: FastifyInstance,
  s: MarketplaceWall,
  opts: {
    place: { name: string; doors: number; sizes?: LockerSize[] };
    settings?: Settings;
    pack: { name: string; hours: number; priceCents: number };
    /** A 24-hour guest pack of 12.00 € too. */
    guestPack?: boolean;
    vouchers?: Array<InputOf<typeof API.marketplace.createVoucher.body>>;
  },
) {
  const ok = async <T extends { status: number; body: unknown }>(what: string, r: Promise<T>) => {
    const done = await r;
    if (done.status !== 200) throw new Error(`${what}: ${done.status} ${JSON.stringify(done.body)}`);
    return done;
  };
  const a = await signIn(app, 'admin');
  const sc = await signIn(app, 'screen');
  s.admin = a.token;
  s.screen = sc.token;
  const calls = marketplaceCalls({ app }, s);
  const { placeId, lockers } = await createPlace(app, { ...opts.place, type: 'MARKETPLACE' });
  s.placeId = placeId;
  s.lockerIds = lockers.map((l) => l.id);
  await ok('bind', calls.admin(API.marketplace.bindKiosk, { body: { adminId: sc.id, placeId } }));
  if (opts.settings) await calls.saveSettings(opts.settings);
  const price = (body: InputOf<typeof API.marketplace.createPrice.body>) =>
    ok('price', calls.admin(API.marketplace.createPrice, { body }));
  s.packId = (await price({ ...opts.pack, type: 'visitor' })).body.Data.id;
  if (opts.guestPack)
    s.guestPackId = (
      await price({ name: 'Hóspede', type: 'guest', hours: 24, priceCents: 1200 })
    ).body.Data.id;
  for (const body of opts.vouchers ?? [])
    await ok('voucher', calls.admin(API.marketplace.createVoucher, { body }));
  s.secret = (await calls.admin(API.marketplace.settings, {})).body.Data.webhookSecret;
}

/**
 * The beach wall of the marketplace kiosk suites, as marketplace-kiosk.test.ts's first test sets it
 * up (without its checks): 'Praia' with an S, an M and an L locker, a 2-hour pack of 5.00 €, the
 * guest pack, and the vouchers DEZ (10 % on visitor packs), UMAVEZ (1.00 €, once) and ANTIGO (ended).
 */
export function setUpBeachWall(app: FastifyInstance, s: MarketplaceWall) {
  const always = { startDate: '2020-01-01', endDate: '2099-12-31' };
  return setUpMarketplaceWall(app, s, {
    place: { name: 'Praia', doors: 3, sizes: ['S', 'M', 'L'] },
    pack: { name: '2 horas', hours: 2, priceCents: 500 },
    guestPack: true,
    vouchers: [
      {
        ...always,
        title: '10%',
        code: 'DEZ',
        discountType: 'percentage',
        discountValue: 10,
        type: 'visitor',
      },
      { ...always, title: 'Uma vez', code: 'UMAVEZ', discountType: 'fixed', discountValue: 100, maxUses: 1 },
      {
        title: 'Antigo',
        code: 'ANTIGO',
        startDate: '2020-01-01',
        endDate: '2020-12-31',
        discountType: 'fixed',
        discountValue: 100,
      },
    ],
  });
}
