import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { KioskRentReply, Rental } from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, fastSimulator, waitFor } from './helpers/fixtures.js';
import { startSmsReceiver, startSmtp } from './helpers/message-peers.js';

// Real peers on loopback, shared by both databases' apps: an HTTP SMS gateway and an SMTP server.
const sms = await startSmsReceiver();
const smtp = await startSmtp();
afterAll(async () => {
  await sms.close();
  await smtp.close();
});

const SETTINGS = {
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
 * Issue #33, what the rental's money and messages still lacked: MB WAY overtime through the
 * provider (docs/adr/0220), the PIN sent by SMS and e-mail only once paid (0221), a waiting
 * extension given up or expired (0222).
 */
describeEachDb(
  'marketplace rental payments: overtime, codes after approval, waiting extensions',
  (ctx) => {
    const s = {} as { admin: string; screen: string; packId: number; secret: string };
    const kiosk = <T>(method: 'GET' | 'POST', url: string, payload?: object) =>
      call<T>(ctx.app, s.screen, { method, url, ...(payload ? { payload } : {}) });
    const admin = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      call<T>(ctx.app, s.admin, { method, url, ...(payload ? { payload } : {}) });
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
    const closed = (lockerId: number) =>
      waitFor(
        async () =>
          (
            await ctx.app.db
              .selectFrom('lockers')
              .select('door_status')
              .where('id', '=', lockerId)
              .executeTakeFirstOrThrow()
          ).door_status === 2,
      );
    const past = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    /** Puts a running rental `late` minutes past its paid time. */
    const lateBy = (id: number, late: number) =>
      ctx.app.db
        .updateTable('rentals')
        .set({ started_at: past(late + 120), ends_at: past(late), safe_until: past(late - 15) })
        .where('id', '=', id)
        .execute();
    const rent = async (body: object) => {
      const r = await kiosk<KioskRentReply>('POST', '/api/kiosk/rentals', { packId: s.packId, ...body });
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

    it('sets up a marketplace place, its screen and a 2-hour pack of 5.00 €', async () => {
      const a = await signIn(ctx.app, 'admin');
      const sc = await signIn(ctx.app, 'screen');
      s.admin = a.token;
      s.screen = sc.token;
      const { placeId } = await createPlace(ctx.app, { name: 'Cais', type: 'MARKETPLACE', doors: 4 });
      expect((await admin('PUT', '/api/marketplace/kiosk', { adminId: sc.id, placeId })).status).toBe(200);
      const { updatedAt } = (await admin<{ updatedAt: string | null }>('GET', '/api/marketplace/settings'))
        .body.Data;
      expect((await admin('PUT', '/api/marketplace/settings', { ...SETTINGS, updatedAt })).status).toBe(200);
      s.packId = (
        await admin<{ id: number }>('POST', '/api/marketplace/price', {
          name: '2 horas',
          type: 'visitor',
          hours: 2,
          priceCents: 500,
        })
      ).body.Data.id;
      s.secret = (
        await admin<{ webhookSecret: string }>('GET', '/api/marketplace/settings')
      ).body.Data.webhookSecret;
    });

    it('MB WAY ended within paid time plus safe time owes nothing more', async () => {
      const rental = await rent({ method: 'mbway', phone: '912345678' });
      await lateBy(rental.id, 10);
      const end = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(end.body.Data.status).toBe('ended');
      expect(end.body.Data.transactions.map((t) => t.kind)).toEqual(['rental']);
      await closed(rental.lockerId);
    });

    it('MB WAY ended late pays the deposit less the price through the provider, then the door opens', async () => {
      const rental = await rent({ method: 'mbway', phone: '912345678' });
      await lateBy(rental.id, 60);
      const end = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(end.status).toBe(200);
      expect(end.body.Data.status).toBe('ended');
      const [main, overtime] = end.body.Data.transactions;
      expect(main).toMatchObject({ kind: 'rental', status: 'paid', chargedCents: 500 });
      // 20.00 € deposit (what a late card pays) less the 5.00 € paid: 15.00 €, VAT included.
      expect(overtime).toMatchObject({
        kind: 'overtime',
        method: 'mbway',
        status: 'paid',
        phone: '912345678',
        totalCostCents: 1500,
        costCents: 1220,
        ivaCents: 280,
        chargedCents: 1500,
        description: expect.stringMatching(/^Cais #\d+ · \+6[01] min$/),
      });
      const logs = await ctx.app.db
        .selectFrom('transaction_logs')
        .select('action')
        .where('transaction_id', '=', overtime!.id)
        .orderBy('id')
        .execute();
      expect(logs.map((l) => l.action)).toEqual([2, 4]);
      await closed(rental.lockerId);
    });

    it('MB WAY overtime waits for approval with a deadline; refused, asked again, approved, then the door opens', async () => {
      const rental = await rent({ method: 'mbway', phone: '910000002' });
      const tx0 = rental.transactions[0]!.transactionId;
      expect((await webhook({ transactionId: tx0, status: 'paid' })).statusCode).toBe(200);
      await lateBy(rental.id, 30);
      const asked = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(asked.body.Data.status).toBe('active');
      const waiting = asked.body.Data.transactions[1]!;
      expect(waiting).toMatchObject({ kind: 'overtime', status: 'pending', totalCostCents: 1500 });
      const deadline = Date.parse(asked.body.Data.pendingUntil) - Date.now();
      expect(deadline).toBeGreaterThan(9 * 60_000);
      expect(deadline).toBeLessThanOrEqual(10 * 60_000);
      // Ending again while it waits asks nothing new and opens nothing.
      const again = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(again.body.Data.transactions).toHaveLength(2);
      expect(again.body.Data.status).toBe('active');
      expect((await webhook({ transactionId: waiting.transactionId, status: 'error' })).statusCode).toBe(200);
      const refused = await kiosk<Rental>('GET', `/api/kiosk/rentals/${rental.id}`);
      expect(refused.body.Data.transactions[1]!.status).toBe('error');
      expect(refused.body.Data.status).toBe('active');
      const second = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      const retry = second.body.Data.transactions[2]!;
      expect(retry).toMatchObject({ kind: 'overtime', status: 'pending' });
      expect((await webhook({ transactionId: retry.transactionId, status: 'paid' })).statusCode).toBe(200);
      const done = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(done.body.Data.status).toBe('ended');
      expect(done.body.Data.transactions.map((t) => t.status)).toEqual(['paid', 'error', 'paid']);
      await closed(rental.lockerId);
    });

    it('an overtime request nobody approves expires after the pending time; cancel gives it up', async () => {
      const rental = await rent({ method: 'mbway', phone: '910000002' });
      await webhook({ transactionId: rental.transactions[0]!.transactionId, status: 'paid' });
      await lateBy(rental.id, 30);
      await kiosk('POST', `/api/kiosk/rentals/${rental.id}/end`);
      await ctx.app.db
        .updateTable('rentals')
        .set({ pending_until: past(1) })
        .where('id', '=', rental.id)
        .execute();
      const expired = await kiosk<Rental>('GET', `/api/kiosk/rentals/${rental.id}`);
      expect(expired.body.Data.transactions[1]).toMatchObject({ kind: 'overtime', status: 'expired' });
      expect(expired.body.Data.status).toBe('active');
      await kiosk('POST', `/api/kiosk/rentals/${rental.id}/end`);
      const canceled = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/cancel`);
      expect(canceled.status).toBe(200);
      expect(canceled.body.Data.status).toBe('active');
      expect(canceled.body.Data.transactions.map((t) => t.status)).toEqual(['paid', 'expired', 'canceled']);
      // Nothing waits any more: cancel has nothing to give up.
      const nothing = await kiosk('POST', `/api/kiosk/rentals/${rental.id}/cancel`);
      expect(nothing.body).toMatchObject({ Description: 'rentalNotActive' });
    });

    it('a waiting MB WAY extension can be canceled at the wall, and expires after the pending time', async () => {
      const rental = await rent({ method: 'mbway', phone: '912345678' });
      const ext = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/extend`, {
        packId: s.packId,
        method: 'mbway',
        phone: '910000002',
      });
      expect(ext.body.Data.transactions[1]).toMatchObject({ kind: 'extension', status: 'pending' });
      expect(Date.parse(ext.body.Data.pendingUntil)).toBeGreaterThan(Date.now() + 9 * 60_000);
      const canceled = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/cancel`);
      expect(canceled.body.Data).toMatchObject({ status: 'active', endsAt: rental.endsAt });
      expect(canceled.body.Data.transactions[1]!.status).toBe('canceled');
      // The provider's late word on a canceled request changes nothing.
      const late = await webhook({
        transactionId: canceled.body.Data.transactions[1]!.transactionId,
        status: 'paid',
      });
      expect(late.statusCode).toBe(422);

      const ext2 = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/extend`, {
        packId: s.packId,
        method: 'mbway',
        phone: '910000002',
      });
      expect(ext2.body.Data.transactions[2]!.status).toBe('pending');
      await ctx.app.db
        .updateTable('rentals')
        .set({ pending_until: past(1) })
        .where('id', '=', rental.id)
        .execute();
      const seen = await kiosk<Rental>('GET', `/api/kiosk/rentals/${rental.id}`);
      expect(seen.body.Data.transactions[2]!.status).toBe('expired');
      expect(seen.body.Data).toMatchObject({ status: 'active', endsAt: rental.endsAt });
      await kiosk('POST', `/api/kiosk/rentals/${rental.id}/end`);
      await closed(rental.lockerId);
    });

    it('sends the PIN by SMS and the PIN and QR by e-mail only once the payment is approved', async () => {
      const bad = await kiosk('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000002',
        email: 'not-an-address',
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
      await kiosk('POST', `/api/kiosk/rentals/${rental.id}/end`);
      await closed(rental.lockerId);
    });

    it('drops the held PIN when the payment is refused, expires or is canceled', async () => {
      const refused = await kiosk<{ rental: Rental }>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000005',
        email: 'a@example.test',
      });
      expect(refused.body.Description).toBe('paymentFailed');
      expect(await messagesOf(refused.body.Data.rental.id)).toEqual([]);
      const expiring = await rent({ method: 'mbway', phone: '910000002' });
      await ctx.app.db
        .updateTable('rentals')
        .set({ pending_until: past(1) })
        .where('id', '=', expiring.id)
        .execute();
      expect((await kiosk<Rental>('GET', `/api/kiosk/rentals/${expiring.id}`)).body.Data.status).toBe(
        'canceled',
      );
      expect(await messagesOf(expiring.id)).toEqual([]);
      const walked = await rent({ method: 'mbway', phone: '910000002', email: 'b@example.test' });
      expect(await messagesOf(walked.id)).toHaveLength(2);
      await kiosk('POST', `/api/kiosk/rentals/${walked.id}/cancel`);
      expect(await messagesOf(walked.id)).toEqual([]);
    });
  },
  {
    driver: () => fastSimulator(30),
    env: { SMS_WEBHOOK_URL: sms.url, SMTP_URL: smtp.url, MAIL_FROM: 'Cacifo <avisos@cacifo.test>' },
  },
);
