import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, fastSimulator } from './helpers/fixtures.js';
import { marketplaceCalls, SETTINGS, type MarketplaceWall } from './helpers/marketplace-wall.js';

/**
 * The marketplace kiosk: a wall set up and bound to its screen, quotes with vouchers, card
 * and MB WAY payments refused or expired (the locker freed), and free mode.
 */
describeEachDb(
  'marketplace kiosk rentals: set-up, quotes, payments refused and free mode',
  (ctx) => {
    const s = {} as MarketplaceWall;
    const { kiosk, admin, saveSettings, closed, lockerStatus, logActions, refusal } = marketplaceCalls(
      ctx,
      s,
    );

    it('sets up a marketplace place, a screen bound to it, packs and a voucher', async () => {
      const a = await signIn(ctx.app, 'admin');
      const sc = await signIn(ctx.app, 'screen');
      s.admin = a.token;
      s.screen = sc.token;
      const { placeId, lockers } = await createPlace(ctx.app, {
        name: 'Praia',
        type: 'MARKETPLACE',
        doors: 3,
        sizes: ['S', 'M', 'L'],
      });
      s.placeId = placeId;
      s.lockerIds = lockers.map((l) => l.id);
      const office = await createPlace(ctx.app, { type: 'OFFICE', doors: 1 });
      expect(
        (await admin(API.marketplace.bindKiosk, { body: { adminId: sc.id, placeId: office.placeId } }))
          .status,
      ).toBe(400);
      expect((await admin(API.marketplace.bindKiosk, { body: { adminId: a.id, placeId } })).status).toBe(400);
      expect((await admin(API.marketplace.bindKiosk, { body: { adminId: sc.id, placeId } })).status).toBe(
        200,
      );
      s.packId = (
        await admin(API.marketplace.createPrice, {
          body: {
            name: '2 horas',
            type: 'visitor',
            hours: 2,
            priceCents: 500,
          },
        })
      ).body.Data.id;
      s.guestPackId = (
        await admin(API.marketplace.createPrice, {
          body: {
            name: 'Hóspede',
            type: 'guest',
            hours: 24,
            priceCents: 1200,
          },
        })
      ).body.Data.id;
      await admin(API.marketplace.createVoucher, {
        body: {
          title: '10%',
          code: 'DEZ',
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          discountType: 'percentage',
          discountValue: 10,
          type: 'visitor',
        },
      });
      await admin(API.marketplace.createVoucher, {
        body: {
          title: 'Uma vez',
          code: 'UMAVEZ',
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          discountType: 'fixed',
          discountValue: 100,
          maxUses: 1,
        },
      });
      await admin(API.marketplace.createVoucher, {
        body: {
          title: 'Antigo',
          code: 'ANTIGO',
          startDate: '2020-01-01',
          endDate: '2020-12-31',
          discountType: 'fixed',
          discountValue: 100,
        },
      });
      s.secret = (await admin(API.marketplace.settings, {})).body.Data.webhookSecret;
      const cat = await kiosk(API.rentals.catalog, {});
      expect(cat.body.Data).toMatchObject({
        placeId,
        placeName: 'Praia',
        open: { park: true, guest: true },
        freeMode: false,
        depositCents: 2000,
        available: { S: 1, M: 1, L: 1 },
      });
      expect(cat.body.Data.packs.map((p) => p.name).sort()).toEqual(['2 horas', 'Hóspede']);
    });

    it('quotes a pack with a voucher and refuses vouchers that do not apply', async () => {
      const q = await kiosk(API.rentals.quote, { body: { packId: s.packId, voucherCode: 'dez' } });
      expect(q.body.Data).toEqual({
        amountCents: 500,
        discountCents: 50,
        totalCostCents: 450,
        costCents: 366,
        ivaCents: 84,
        ivaPercent: 23,
        hours: 2,
        depositCents: 2000,
      });
      const reasons: Array<[number, string, string]> = [
        [s.packId, 'NOPE', 'notFound'],
        [s.guestPackId, 'DEZ', 'notApplicable'],
        [s.packId, 'ANTIGO', 'notActive'],
      ];
      for (const [packId, code, reason] of reasons) {
        const r = await kiosk(API.rentals.quote, { body: { packId, voucherCode: code } });
        expect(r, code).toMatchObject({
          status: 422,
          body: { Description: 'voucherInvalid', Data: { reason } },
        });
      }
      expect((await kiosk(API.rentals.quote, { body: { packId: 99999 } })).status).toBe(404);
    });

    it('card: a refused or timed-out payment frees the locker and says so', async () => {
      const err = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'creditCard',
          cardToken: 'tok_error',
        },
      });
      expect(err).toMatchObject({ status: 422, body: { Description: 'paymentFailed' } });
      expect(refusal(err).rental.status).toBe('canceled');
      expect(await logActions(refusal(err).transactionId)).toEqual([5]);
      expect(await lockerStatus(refusal(err).rental.lockerId)).toBe(0);
      const exp = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'creditCard',
          cardToken: 'tok_expired',
        },
      });
      expect(exp).toMatchObject({ status: 422, body: { Description: 'paymentExpired' } });
      expect(await logActions(refusal(exp).transactionId)).toEqual([6]);
      expect(refusal(exp).rental.transactions[0]!.status).toBe('expired');
    });

    it('MBWay: refused or expired at once; unpaid past the pending time expires and frees the locker', async () => {
      const refused = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000005',
        },
      });
      expect(refused.body.Description).toBe('paymentFailed');
      expect(await logActions(refusal(refused).transactionId)).toEqual([5]);
      const expired = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000006',
        },
      });
      expect(expired.body.Description).toBe('paymentExpired');
      expect(await logActions(refusal(expired).transactionId)).toEqual([2, 6]);

      const r = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000002',
        },
      });
      await ctx.app.db
        .updateTable('rentals')
        .set({ pending_until: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', r.body.Data.id)
        .execute();
      const after = await kiosk(API.rentals.get, { params: { id: r.body.Data.id } });
      expect(after.body.Data.status).toBe('canceled');
      expect(after.body.Data.transactions[0]!.status).toBe('expired');
      expect(await logActions(after.body.Data.transactions[0]!.id)).toEqual([2, 6]);
      expect(await lockerStatus(r.body.Data.lockerId)).toBe(0);

      const c = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000002',
        },
      });
      const canceled = await kiosk(API.rentals.cancel, { params: { id: c.body.Data.id } });
      expect(canceled.body.Data).toMatchObject({
        status: 'canceled',
        transactions: [{ status: 'canceled' }],
      });
      expect(await lockerStatus(c.body.Data.lockerId)).toBe(0);
    });

    it('free mode skips payment', async () => {
      await saveSettings({ ...SETTINGS, freeMode: true });
      const r = await kiosk(API.rentals.rent, { body: { packId: s.packId } });
      expect(r.body.Data).toMatchObject({
        status: 'active',
        method: null,
        transactions: [{ status: 'paid', totalCostCents: 0, chargedCents: 0, method: null }],
      });
      await saveSettings(SETTINGS);
      await kiosk(API.rentals.end, { params: { id: r.body.Data.id } });
      await closed(r.body.Data.lockerId);
    });
  },
  { driver: () => fastSimulator(30) },
);
