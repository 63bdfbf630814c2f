import { createHmac, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace, fastSimulator, waitFor } from './helpers/fixtures.js';

/** The marketplace wall's codes (issue #33, docs/adr/0170): a rental's PIN and QR find it again. */
describeEachDb(
  'marketplace kiosk rental codes',
  (ctx) => {
    const s = {} as { admin: string; screen: string; placeId: number; packId: number; secret: string };
    const kiosk = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
      callApi(ctx.app, s.screen, endpoint, input);
    const admin = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
      callApi(ctx.app, s.admin, endpoint, input);
    /** The provider's call: a new event, signed with its time (docs/api/marketplace.md). */
    const webhook = (body: object) => {
      const raw = JSON.stringify({ eventId: `evt_${randomUUID()}`, ...body });
      const t = Math.floor(Date.now() / 1000);
      const sig = createHmac('sha256', s.secret).update(`${t}.${raw}`).digest('hex');
      // The signed bytes exactly as sent: a raw body, which the typed one cannot be.
      return ctx.app.inject({
        method: 'POST',
        url: API.rentals.paymentWebhook.path,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-cacifo-signature': `t=${t},v1=${sig}` },
      });
    };

    it('offers renting and coming back at a marketplace wall', async () => {
      const a = await signIn(ctx.app, 'admin');
      const sc = await signIn(ctx.app, 'screen');
      s.admin = a.token;
      s.screen = sc.token;
      const { placeId } = await createPlace(ctx.app, { type: 'MARKETPLACE', doors: 2, sizes: ['S', 'M'] });
      s.placeId = placeId;
      expect((await admin(API.marketplace.bindKiosk, { body: { adminId: sc.id, placeId } })).status).toBe(
        200,
      );
      s.packId = (
        await admin(API.marketplace.createPrice, {
          body: {
            name: '1 hora',
            type: 'visitor',
            hours: 1,
            priceCents: 300,
          },
        })
      ).body.Data.id;
      s.secret = (await admin(API.marketplace.settings, {})).body.Data.webhookSecret;
      const screen = await kiosk(API.kiosk.screen, {});
      expect(screen.body.Data).toMatchObject({
        placeId,
        placeType: 'MARKETPLACE',
        tasks: ['rent', 'rental'],
      });
    });

    it('says the PIN and QR once, keeps only their hashes, and finds the rental by either', async () => {
      // 910000002: the sandbox's MB WAY waits for the webhook, as a customer approving on the phone.
      const r = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000002',
          language: 'en',
        },
      });
      expect(r.status).toBe(200);
      const { pin, qrCode, ...rental } = r.body.Data;
      expect(pin).toMatch(/^\d{6}$/);
      expect(qrCode).toMatch(/^CACIFO-R-/);
      expect(rental.status).toBe('pending');
      const row = await ctx.app.db
        .selectFrom('rentals')
        .select(['pin_hash', 'qr_hash'])
        .where('id', '=', rental.id)
        .executeTakeFirstOrThrow();
      expect(row.pin_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.pin_hash).not.toContain(pin);
      expect(row.qr_hash).not.toBe(qrCode);
      // The PIN goes to the MB WAY phone too, in the customer's language, once.
      const sms = await ctx.app.db
        .selectFrom('messages')
        .select(['event', 'channel', 'recipient', 'language', 'body', 'order_id'])
        .where('dedupe_key', '=', `rental:${rental.id}:sms`)
        .execute();
      expect(sms).toEqual([
        {
          event: 'rentalCode',
          channel: 'sms',
          recipient: '910000002',
          language: 'en',
          body: expect.stringContaining(`the PIN of your rental (locker ${rental.doorNumber}) is ${pin}.`),
          order_id: null,
        },
      ]);

      const pending = await kiosk(API.rentals.find, { body: { pin } });
      expect(pending.body.Data).toMatchObject({ id: rental.id, status: 'pending' });
      const paid = await webhook({ transactionId: rental.transactions[0]!.transactionId, status: 'paid' });
      expect(paid.statusCode).toBe(200);
      const byQr = await kiosk(API.rentals.find, { body: { qrCode } });
      expect(byQr.body.Data).toMatchObject({ id: rental.id, status: 'active' });
      expect('pin' in byQr.body.Data).toBe(false);

      const other = pin === '000000' ? '000001' : '000000';
      const wrong = await kiosk(API.rentals.find, { body: { pin: other } });
      expect(wrong).toMatchObject({ status: 422, body: { Description: 'wrongPin' } });
      const both = await kiosk(API.rentals.find, { body: { pin, qrCode } });
      expect(both.status).toBe(400);

      await waitFor(async () => {
        const l = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', rental.lockerId)
          .executeTakeFirstOrThrow();
        return l.door_status === 2;
      });
      const end = await kiosk(API.rentals.end, { params: { id: rental.id } });
      expect(end.body.Data.status).toBe('ended');
      // An ended rental's code opens nothing: it is a wrong code like any other.
      const after = await kiosk(API.rentals.find, { body: { pin } });
      expect(after).toMatchObject({ status: 422, body: { Description: 'wrongPin' } });
    });

    it('counts wrong codes: the same wrong PIN again is held back', async () => {
      const guess = { pin: '123456' };
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push((await kiosk(API.rentals.find, { body: guess })).body.Description);
      expect(answers.slice(0, 3)).toEqual(['wrongPin', 'wrongPin', 'wrongPin']);
      expect(answers[3]).toBe('tooManyAttempts');
    });
  },
  { driver: () => fastSimulator(30) },
);
