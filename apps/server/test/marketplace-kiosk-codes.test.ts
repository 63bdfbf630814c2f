import { createHmac, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { KioskRentReply, KioskScreen, Rental } from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, fastSimulator, waitFor } from './helpers/fixtures.js';

/** The marketplace wall's codes (issue #33, docs/adr/0170): a rental's PIN and QR find it again. */
describeEachDb(
  'marketplace kiosk rental codes',
  (ctx) => {
    const s = {} as { admin: string; screen: string; placeId: number; packId: number; secret: string };
    const kiosk = <T>(method: 'GET' | 'POST', url: string, payload?: object) =>
      call<T>(ctx.app, s.screen, { method, url, ...(payload ? { payload } : {}) });
    const admin = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      call<T>(ctx.app, s.admin, { method, url, ...(payload ? { payload } : {}) });
    /** The provider's call: a new event, signed with its time (docs/api/marketplace.md). */
    const webhook = (body: object) => {
      const raw = JSON.stringify({ eventId: `evt_${randomUUID()}`, ...body });
      const t = Math.floor(Date.now() / 1000);
      const sig = createHmac('sha256', s.secret).update(`${t}.${raw}`).digest('hex');
      return ctx.app.inject({
        method: 'POST',
        url: '/api/marketplace/payments/webhook',
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
      expect((await admin('PUT', '/api/marketplace/kiosk', { adminId: sc.id, placeId })).status).toBe(200);
      s.packId = (
        await admin<{ id: number }>('POST', '/api/marketplace/price', {
          name: '1 hora',
          type: 'visitor',
          hours: 1,
          priceCents: 300,
        })
      ).body.Data.id;
      s.secret = (
        await admin<{ webhookSecret: string }>('GET', '/api/marketplace/settings')
      ).body.Data.webhookSecret;
      const screen = await kiosk<KioskScreen>('GET', '/api/kiosk/screen');
      expect(screen.body.Data).toMatchObject({
        placeId,
        placeType: 'MARKETPLACE',
        tasks: ['rent', 'rental'],
      });
    });

    it('says the PIN and QR once, keeps only their hashes, and finds the rental by either', async () => {
      // 910000002: the sandbox's MB WAY waits for the webhook, as a customer approving on the phone.
      const r = await kiosk<KioskRentReply>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000002',
        language: 'en',
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

      const pending = await kiosk<Rental>('POST', '/api/kiosk/rentals/find', { pin });
      expect(pending.body.Data).toMatchObject({ id: rental.id, status: 'pending' });
      const paid = await webhook({ transactionId: rental.transactions[0]!.transactionId, status: 'paid' });
      expect(paid.statusCode).toBe(200);
      const byQr = await kiosk<Rental>('POST', '/api/kiosk/rentals/find', { qrCode });
      expect(byQr.body.Data).toMatchObject({ id: rental.id, status: 'active' });
      expect('pin' in byQr.body.Data).toBe(false);

      const other = pin === '000000' ? '000001' : '000000';
      const wrong = await kiosk('POST', '/api/kiosk/rentals/find', { pin: other });
      expect(wrong).toMatchObject({ status: 422, body: { Description: 'wrongPin' } });
      const both = await kiosk('POST', '/api/kiosk/rentals/find', { pin, qrCode });
      expect(both.status).toBe(400);

      await waitFor(async () => {
        const l = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', rental.lockerId)
          .executeTakeFirstOrThrow();
        return l.door_status === 2;
      });
      const end = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(end.body.Data.status).toBe('ended');
      // An ended rental's code opens nothing: it is a wrong code like any other.
      const after = await kiosk('POST', '/api/kiosk/rentals/find', { pin });
      expect(after).toMatchObject({ status: 422, body: { Description: 'wrongPin' } });
    });

    it('counts wrong codes: the same wrong PIN again is held back', async () => {
      const guess = { pin: '123456' };
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push((await kiosk('POST', '/api/kiosk/rentals/find', guess)).body.Description);
      expect(answers.slice(0, 3)).toEqual(['wrongPin', 'wrongPin', 'wrongPin']);
      expect(answers[3]).toBe('tooManyAttempts');
    });
  },
  { driver: () => fastSimulator(30) },
);
