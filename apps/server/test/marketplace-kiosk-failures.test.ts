import { beforeAll, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { callApi, apiRequest, describeEachDb, signIn, call } from './helpers/test-app.js';
import { createPlace, fastSimulator } from './helpers/fixtures.js';
import { marketplaceCalls, setUpBeachWall, type MarketplaceWall } from './helpers/marketplace-wall.js';

/** Every other failure of the kiosk's rentals answers its code and changes nothing. */
describeEachDb(
  'marketplace kiosk rentals: every other failure',
  (ctx) => {
    const s = {} as MarketplaceWall;
    const { kiosk, admin, webhook, closed, logActions } = marketplaceCalls(ctx, s);

    // The wall of marketplace-kiosk.test.ts's set-up test, built without its checks.
    beforeAll(() => setUpBeachWall(ctx.app, s));

    it('answers every other failure with its code and changes nothing', async () => {
      const other = await createPlace(ctx.app, { name: 'Outra praia', type: 'MARKETPLACE', doors: 1 });
      const sc2 = await signIn(ctx.app, 'screen');
      await admin(API.marketplace.bindKiosk, { body: { adminId: sc2.id, placeId: other.placeId } });
      const mine = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000002',
        },
      });
      const foreign = await callApi(ctx.app, sc2.token, API.rentals.get, {
        params: { id: mine.body.Data.id },
      });
      expect(foreign).toMatchObject({ status: 404, body: { Description: 'rentalNotExist' } });
      expect(
        (
          await kiosk(API.rentals.extend, {
            params: { id: mine.body.Data.id },
            body: {
              packId: s.packId,
              method: 'creditCard',
            },
          })
        ).body.Description,
      ).toBe('rentalNotActive');
      expect((await kiosk(API.rentals.end, { params: { id: mine.body.Data.id } })).status).toBe(422);
      await kiosk(API.rentals.cancel, { params: { id: mine.body.Data.id } });
      const again = await kiosk(API.rentals.cancel, { params: { id: mine.body.Data.id } });
      expect(again).toMatchObject({ status: 422, body: { Description: 'rentalNotActive' } });
      expect((await kiosk(API.rentals.get, { params: { id: 999999 } })).status).toBe(404);
      // A method that does not exist: the typed body cannot hold it.
      const cash = { packId: s.packId, method: 'cash' };
      expect(
        (await call(ctx.app, s.screen, { method: 'POST', url: API.rentals.rent.path, payload: cash })).status,
      ).toBe(400);
      expect(
        (await kiosk(API.rentals.rent, { body: { packId: s.packId, method: 'mbway', phone: '12' } })).status,
      ).toBe(400);

      const daily = await admin(API.marketplace.createVoucher, {
        body: {
          title: 'Dia',
          code: 'UMPORDIA',
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          discountType: 'fixed',
          discountValue: 50,
          maxUsesPerDay: 1,
        },
      });
      expect(daily.status).toBe(200);
      const first = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '912345678',
          voucherCode: 'UMPORDIA',
        },
      });
      const second = await kiosk(API.rentals.quote, { body: { packId: s.packId, voucherCode: 'UMPORDIA' } });
      expect(second.body).toMatchObject({
        Description: 'voucherInvalid',
        Data: { reason: 'exhaustedToday' },
      });
      await admin(API.marketplace.setVoucherEnabled, { body: { id: daily.body.Data.id, enabled: false } });
      const disabled = await kiosk(API.rentals.quote, {
        body: { packId: s.packId, voucherCode: 'UMPORDIA' },
      });
      expect(disabled.body).toMatchObject({ Description: 'voucherInvalid', Data: { reason: 'disabled' } });
      await kiosk(API.rentals.end, { params: { id: first.body.Data.id } });
      await closed(first.body.Data.lockerId);

      const missing = [
        await admin(API.marketplace.updateVoucher, {
          body: {
            id: 999999,
            title: 'x',
            code: 'XYZ',
            startDate: '2020-01-01',
            endDate: '2020-01-02',
            discountType: 'fixed',
            discountValue: 1,
            updatedAt: new Date().toISOString(),
          },
        }),
        await admin(API.marketplace.setVoucherEnabled, { body: { id: 999999, enabled: true } }),
        await admin(API.marketplace.setPriceEnabled, { body: { id: 999999, enabled: true } }),
        await admin(API.marketplace.updateTransaction, {
          body: {
            id: 999999,
            description: 'x',
            updatedAt: new Date().toISOString(),
          },
        }),
      ];
      expect(missing.map((m) => [m.status, m.body.Description])).toEqual([
        [404, 'voucherNotExist'],
        [404, 'voucherNotExist'],
        [404, 'priceNotExist'],
        [404, 'transactionNotExist'],
      ]);

      const twice = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'creditCard',
        },
      });
      const ends = await Promise.all(
        [1, 2].map(() => kiosk(API.rentals.end, { params: { id: twice.body.Data.id } })),
      );
      expect(ends.map((e) => e.status).sort()).toEqual([200, 422]);
      expect(await logActions(twice.body.Data.transactions[0]!.id)).toEqual([1, 3, 4]);
      await closed(twice.body.Data.lockerId);

      const waiting = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'creditCard',
          cardToken: 'tok_pending',
        },
      });
      expect(waiting.body.Data).toMatchObject({ status: 'pending', transactions: [{ status: 'pending' }] });
      const held = await webhook({
        transactionId: waiting.body.Data.transactions[0]!.transactionId,
        status: 'held',
        amountCents: 2000,
      });
      expect(held.json().Data.status).toBe('processing');
      const active = await kiosk(API.rentals.get, { params: { id: waiting.body.Data.id } });
      expect(active.body.Data).toMatchObject({ status: 'active', depositCents: 2000 });
      expect(await logActions(waiting.body.Data.transactions[0]!.id)).toEqual([1, 3]);
      const settled = await kiosk(API.rentals.end, { params: { id: waiting.body.Data.id } });
      expect(settled.body.Data.transactions[0]).toMatchObject({ status: 'paid', chargedCents: 500 });
      await closed(waiting.body.Data.lockerId);

      const noSig = await ctx.app.inject(
        apiRequest(API.rentals.paymentWebhook, {
          body: { eventId: 'evt_x', transactionId: 'sbx_x', status: 'paid' },
        }),
      );
      expect(noSig.statusCode).toBe(401);
      // Malformed JSON on purpose.
      const badJson = await ctx.app.inject({
        method: 'POST',
        url: API.rentals.paymentWebhook.path,
        payload: '{nope',
        headers: { 'content-type': 'application/json' },
      });
      expect(badJson.statusCode).toBe(400);
      const badBody = await webhook({ transactionId: 'sbx_x', status: 'refunded' });
      expect(badBody.statusCode).toBe(400);
    });
  },
  { driver: () => fastSimulator(30) },
);
