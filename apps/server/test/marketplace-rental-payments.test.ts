import { afterAll, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, fastSimulator } from './helpers/fixtures.js';
import { marketplaceCalls, SETTINGS, type MarketplaceWall } from './helpers/marketplace-wall.js';
import { startSmsReceiver, startSmtp } from './helpers/message-peers.js';

// Real peers on loopback, shared by both databases' apps: an HTTP SMS gateway and an SMTP server.
const sms = await startSmsReceiver();
const smtp = await startSmtp();
afterAll(async () => {
  await sms.close();
  await smtp.close();
});

/**
 * Issue #33, what the rental's money still lacked: MB WAY overtime through the provider
 * (docs/adr/0220), approved, refused, asked again or expired. The PIN messages and waiting
 * extensions are in marketplace-rental-pending.test.ts.
 */
describeEachDb(
  'marketplace rental payments: overtime',
  (ctx) => {
    const s = {} as MarketplaceWall;
    const { kiosk, admin, webhook, closed } = marketplaceCalls(ctx, s);
    const past = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    /** Puts a running rental `late` minutes past its paid time. */
    const lateBy = (id: number, late: number) =>
      ctx.app.db
        .updateTable('rentals')
        .set({ started_at: past(late + 120), ends_at: past(late), safe_until: past(late - 15) })
        .where('id', '=', id)
        .execute();
    const rent = async (body: object) => {
      const r = await kiosk(API.rentals.rent, { body: { packId: s.packId, ...body } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.Data;
    };

    it('sets up a marketplace place, its screen and a 2-hour pack of 5.00 €', async () => {
      const a = await signIn(ctx.app, 'admin');
      const sc = await signIn(ctx.app, 'screen');
      s.admin = a.token;
      s.screen = sc.token;
      const { placeId } = await createPlace(ctx.app, { name: 'Cais', type: 'MARKETPLACE', doors: 4 });
      expect((await admin(API.marketplace.bindKiosk, { body: { adminId: sc.id, placeId } })).status).toBe(
        200,
      );
      const { updatedAt } = (await admin(API.marketplace.settings, {})).body.Data;
      expect((await admin(API.marketplace.updateSettings, { body: { ...SETTINGS, updatedAt } })).status).toBe(
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
      s.secret = (await admin(API.marketplace.settings, {})).body.Data.webhookSecret;
    });

    it('MB WAY ended within paid time plus safe time owes nothing more', async () => {
      const rental = await rent({ method: 'mbway', phone: '912345678' });
      await lateBy(rental.id, 10);
      const end = await kiosk(API.rentals.end, { params: { id: rental.id } });
      expect(end.body.Data.status).toBe('ended');
      expect(end.body.Data.transactions.map((t) => t.kind)).toEqual(['rental']);
      await closed(rental.lockerId);
    });

    it('MB WAY ended late pays the deposit less the price through the provider, then the door opens', async () => {
      const rental = await rent({ method: 'mbway', phone: '912345678' });
      await lateBy(rental.id, 60);
      const end = await kiosk(API.rentals.end, { params: { id: rental.id } });
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
      const asked = await kiosk(API.rentals.end, { params: { id: rental.id } });
      expect(asked.body.Data.status).toBe('active');
      const waiting = asked.body.Data.transactions[1]!;
      expect(waiting).toMatchObject({ kind: 'overtime', status: 'pending', totalCostCents: 1500 });
      const deadline = Date.parse(asked.body.Data.pendingUntil) - Date.now();
      expect(deadline).toBeGreaterThan(9 * 60_000);
      expect(deadline).toBeLessThanOrEqual(10 * 60_000);
      // Ending again while it waits asks nothing new and opens nothing.
      const again = await kiosk(API.rentals.end, { params: { id: rental.id } });
      expect(again.body.Data.transactions).toHaveLength(2);
      expect(again.body.Data.status).toBe('active');
      expect((await webhook({ transactionId: waiting.transactionId, status: 'error' })).statusCode).toBe(200);
      const refused = await kiosk(API.rentals.get, { params: { id: rental.id } });
      expect(refused.body.Data.transactions[1]!.status).toBe('error');
      expect(refused.body.Data.status).toBe('active');
      const second = await kiosk(API.rentals.end, { params: { id: rental.id } });
      const retry = second.body.Data.transactions[2]!;
      expect(retry).toMatchObject({ kind: 'overtime', status: 'pending' });
      expect((await webhook({ transactionId: retry.transactionId, status: 'paid' })).statusCode).toBe(200);
      const done = await kiosk(API.rentals.end, { params: { id: rental.id } });
      expect(done.body.Data.status).toBe('ended');
      expect(done.body.Data.transactions.map((t) => t.status)).toEqual(['paid', 'error', 'paid']);
      await closed(rental.lockerId);
    });

    it('an overtime request nobody approves expires after the pending time; cancel gives it up', async () => {
      const rental = await rent({ method: 'mbway', phone: '910000002' });
      await webhook({ transactionId: rental.transactions[0]!.transactionId, status: 'paid' });
      await lateBy(rental.id, 30);
      await kiosk(API.rentals.end, { params: { id: rental.id } });
      await ctx.app.db
        .updateTable('rentals')
        .set({ pending_until: past(1) })
        .where('id', '=', rental.id)
        .execute();
      const expired = await kiosk(API.rentals.get, { params: { id: rental.id } });
      expect(expired.body.Data.transactions[1]).toMatchObject({ kind: 'overtime', status: 'expired' });
      expect(expired.body.Data.status).toBe('active');
      await kiosk(API.rentals.end, { params: { id: rental.id } });
      const canceled = await kiosk(API.rentals.cancel, { params: { id: rental.id } });
      expect(canceled.status).toBe(200);
      expect(canceled.body.Data.status).toBe('active');
      expect(canceled.body.Data.transactions.map((t) => t.status)).toEqual(['paid', 'expired', 'canceled']);
      // Nothing waits any more: cancel has nothing to give up.
      const nothing = await kiosk(API.rentals.cancel, { params: { id: rental.id } });
      expect(nothing.body).toMatchObject({ Description: 'rentalNotActive' });
    });
  },
  {
    driver: () => fastSimulator(30),
    env: { SMS_WEBHOOK_URL: sms.url, SMTP_URL: smtp.url, MAIL_FROM: 'Cacifo <avisos@cacifo.test>' },
  },
);
