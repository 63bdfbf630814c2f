import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb } from './helpers/test-app.js';
import { fastSimulator, waitFor } from './helpers/fixtures.js';
import {
  marketplaceCalls,
  setUpMarketplaceWall,
  SETTINGS,
  type MarketplaceWall,
} from './helpers/marketplace-wall.js';
import { startSmsReceiver, startSmtp } from './helpers/message-peers.js';

// Real peers on loopback, shared by both databases' apps: an HTTP SMS gateway and an SMTP server.
const sms = await startSmsReceiver();
const smtp = await startSmtp();
afterAll(async () => {
  await sms.close();
  await smtp.close();
});

/**
 * Issue #33, payments still waiting: the PIN sent by SMS and e-mail only once paid (docs/adr/0221),
 * dropped when the payment fails, and a waiting extension given up or expired (0222).
 */
describeEachDb(
  'marketplace rental payments: codes after approval, waiting extensions',
  (ctx) => {
    const s = {} as MarketplaceWall;
    const { kiosk, webhook, closed, refusal } = marketplaceCalls(ctx, s);
    const past = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    const rent = async (body: object) => {
      const r = await kiosk(API.rentals.rent, { body: { packId: s.packId, ...body } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.Data;
    };
    const messagesOf = (rentalId: number) =>
      ctx.app.db
        .selectFrom('messages')
        .select(['channel', 'recipient', 'status', 'next_attempt_at', 'subject', 'body'])
        .where('dedupe_key', 'in', [`rental:${rentalId}:sms`, `rental:${rentalId}:email`])
        .orderBy('channel')
        .execute();

    // The wall of marketplace-rental-payments.test.ts's set-up test, built without its checks.
    beforeAll(() =>
      setUpMarketplaceWall(ctx.app, s, {
        place: { name: 'Cais', doors: 4 },
        settings: SETTINGS,
        pack: { name: '2 horas', hours: 2, priceCents: 500 },
      }),
    );

    it('a waiting MB WAY extension can be canceled at the wall, and expires after the pending time', async () => {
      const rental = await rent({ method: 'mbway', phone: '912345678' });
      const ext = await kiosk(API.rentals.extend, {
        params: { id: rental.id },
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000002',
        },
      });
      expect(ext.body.Data.transactions[1]).toMatchObject({ kind: 'extension', status: 'pending' });
      expect(Date.parse(ext.body.Data.pendingUntil)).toBeGreaterThan(Date.now() + 9 * 60_000);
      const canceled = await kiosk(API.rentals.cancel, { params: { id: rental.id } });
      expect(canceled.body.Data).toMatchObject({ status: 'active', endsAt: rental.endsAt });
      expect(canceled.body.Data.transactions[1]!.status).toBe('canceled');
      // The provider's late word on a canceled request changes nothing.
      const late = await webhook({
        transactionId: canceled.body.Data.transactions[1]!.transactionId,
        status: 'paid',
      });
      expect(late.statusCode).toBe(422);

      const ext2 = await kiosk(API.rentals.extend, {
        params: { id: rental.id },
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000002',
        },
      });
      expect(ext2.body.Data.transactions[2]!.status).toBe('pending');
      await ctx.app.db
        .updateTable('rentals')
        .set({ pending_until: past(1) })
        .where('id', '=', rental.id)
        .execute();
      const seen = await kiosk(API.rentals.get, { params: { id: rental.id } });
      expect(seen.body.Data.transactions[2]!.status).toBe('expired');
      expect(seen.body.Data).toMatchObject({ status: 'active', endsAt: rental.endsAt });
      await kiosk(API.rentals.end, { params: { id: rental.id } });
      await closed(rental.lockerId);
    });

    it('sends the PIN by SMS and the PIN and QR by e-mail only once the payment is approved', async () => {
      const bad = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000002',
          email: 'not-an-address',
        },
      });
      expect(bad).toMatchObject({ status: 400, body: { Description: 'invalidInput' } });
      const email = `cliente-${ctx.dialect}@example.test`;
      const rental = await rent({ method: 'mbway', phone: '910000002', email, language: 'en' });
      const held = await messagesOf(rental.id);
      expect(held.map((m) => [m.channel, m.recipient, m.next_attempt_at])).toEqual([
        ['email', email, null],
        ['sms', '910000002', null],
      ]);
      await ctx.app.messaging.sender.runOnce();
      expect(sms.received.some((m) => m.text.includes(rental.pin))).toBe(false);
      expect(smtp.mails.some((m) => m.to && JSON.stringify(m.to).includes(email))).toBe(false);

      expect(
        (await webhook({ transactionId: rental.transactions[0]!.transactionId, status: 'paid' })).statusCode,
      ).toBe(200);
      await ctx.app.messaging.sender.runOnce();
      const text = await waitFor(async () => sms.received.find((m) => m.text.includes(rental.pin)));
      expect(text).toMatchObject({ to: '910000002', event: 'rentalCode', language: 'en' });
      const mail = await waitFor(async () => smtp.mails.find((m) => JSON.stringify(m.to).includes(email)));
      expect(mail.subject).toBe(`Your rental at Cacifo Cais (locker ${rental.doorNumber})`);
      expect(mail.text).toContain(`is ${rental.pin}.`);
      expect(mail.text).toContain(`QR: ${rental.qrCode}`);
      expect(mail.attachments.map((a) => [a.contentType, a.cid])).toEqual([
        ['image/gif', 'rental-qr@cacifo'],
      ]);
      expect(mail.attachments[0]!.content.subarray(0, 6).toString('latin1')).toMatch(/^GIF8[79]a$/);
      expect(mail.html).toMatch(/<img src="[^"]+" alt="QR"/);
      await kiosk(API.rentals.end, { params: { id: rental.id } });
      await closed(rental.lockerId);
    });

    it('drops the held PIN when the payment is refused, expires or is canceled', async () => {
      const refused = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000005',
          email: 'a@example.test',
        },
      });
      expect(refused.body.Description).toBe('paymentFailed');
      expect(await messagesOf(refusal(refused).rental.id)).toEqual([]);
      const expiring = await rent({ method: 'mbway', phone: '910000002' });
      await ctx.app.db
        .updateTable('rentals')
        .set({ pending_until: past(1) })
        .where('id', '=', expiring.id)
        .execute();
      expect((await kiosk(API.rentals.get, { params: { id: expiring.id } })).body.Data.status).toBe(
        'canceled',
      );
      expect(await messagesOf(expiring.id)).toEqual([]);
      const walked = await rent({ method: 'mbway', phone: '910000002', email: 'b@example.test' });
      expect(await messagesOf(walked.id)).toHaveLength(2);
      await kiosk(API.rentals.cancel, { params: { id: walked.id } });
      expect(await messagesOf(walked.id)).toEqual([]);
    });
  },
  {
    driver: () => fastSimulator(30),
    env: { SMS_WEBHOOK_URL: sms.url, SMTP_URL: smtp.url, MAIL_FROM: 'Cacifo <avisos@cacifo.test>' },
  },
);
