import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, expect, it, vi } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb } from './helpers/test-app.js';
import { fastSimulator, waitFor } from './helpers/fixtures.js';
import {
  marketplaceCalls,
  setUpBeachWall,
  SETTINGS,
  type MarketplaceWall,
} from './helpers/marketplace-wall.js';

/**
 * Rentals paid by card and MB WAY (held deposits, captive deposits, extensions, the signed webhook),
 * rentals refused on the way, and the back office's transactions, revenue and occupancy of them all.
 */
describeEachDb(
  'marketplace kiosk rentals: paid rentals and what the back office sees',
  (ctx) => {
    const s = {} as MarketplaceWall;
    const { kiosk, admin, post, signed, webhook, saveSettings, closed, lockerStatus, logActions } =
      marketplaceCalls(ctx, s);

    // The wall of marketplace-kiosk.test.ts's set-up test, built without its checks.
    beforeAll(() => setUpBeachWall(ctx.app, s));

    it('card: authorised and deposit held, door opens, ends within time and is charged the total', async () => {
      const publish = vi.spyOn(ctx.app.realtime, 'publish');
      const r = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          voucherCode: 'DEZ',
          method: 'creditCard',
          size: 'M',
        },
      });
      expect(r.status).toBe(200);
      const rental = r.body.Data;
      expect(rental).toMatchObject({
        status: 'active',
        size: 'M',
        method: 'creditCard',
        depositCents: 2000,
        overdue: false,
      });
      const t = rental.transactions[0]!;
      expect(t).toMatchObject({
        status: 'processing',
        kind: 'rental',
        amountCents: 500,
        discountCents: 50,
        totalCostCents: 450,
        costCents: 366,
        ivaCents: 84,
        depositCents: 2000,
        voucherCode: 'DEZ',
        method: 'creditCard',
        identifier: '**** 4242',
      });
      expect(t.reference).toMatch(/^CF\d{6}-[0-9A-F]{6}$/);
      expect(t.rentalStart).toBe(rental.startedAt);
      expect(Date.parse(rental.endsAt!) - Date.parse(rental.startedAt!)).toBe(2 * 3600_000);
      expect(await logActions(t.id)).toEqual([1, 3]);
      expect(await lockerStatus(rental.lockerId)).toBe(6);
      await waitFor(async () => publish.mock.calls.some((c) => c[0].MsgType === 'UpdateTransactions'));
      expect(
        publish.mock.calls.some((c) => c[0].MsgType === 'UpdateCapacity' && c[0].Data.placeId === s.placeId),
      ).toBe(true);

      const open = await kiosk(API.rentals.open, { params: { id: rental.id } });
      expect(open.body.Data.door).toMatchObject({ ok: true, outcome: 'opened' });
      await closed(rental.lockerId);
      const end = await kiosk(API.rentals.end, { params: { id: rental.id } });
      expect(end.body.Data.status).toBe('ended');
      const done = end.body.Data.transactions[0]!;
      expect(done).toMatchObject({ status: 'paid', chargedCents: 450, billedMinutes: expect.any(Number) });
      expect(done.paidAt).not.toBeNull();
      expect(await logActions(t.id)).toEqual([1, 3, 4]);
      expect(await lockerStatus(rental.lockerId)).toBe(0);
      expect((await kiosk(API.rentals.end, { params: { id: rental.id } })).body.Description).toBe(
        'rentalNotActive',
      );
      await closed(rental.lockerId);
      publish.mockRestore();
    });

    it('card: past paid time plus safe time, the deposit is kept (captive)', async () => {
      const r = await kiosk(API.rentals.rent, { body: { packId: s.packId, method: 'creditCard' } });
      const rental = r.body.Data;
      const past = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
      await ctx.app.db
        .updateTable('rentals')
        .set({ started_at: past(200), ends_at: past(80), safe_until: past(65) })
        .where('id', '=', rental.id)
        .execute();
      const seen = await kiosk(API.rentals.get, { params: { id: rental.id } });
      expect(seen.body.Data.overdue).toBe(true);
      expect(await lockerStatus(rental.lockerId)).toBe(8);
      const end = await kiosk(API.rentals.end, { params: { id: rental.id } });
      expect(end.body.Data.transactions[0]).toMatchObject({
        status: 'captive',
        chargedCents: 2000,
        billedMinutes: 201,
      });
      expect(await logActions(rental.transactions[0]!.id)).toEqual([1, 3, 4]);
      await closed(rental.lockerId);
    });

    it('MBWay: paid at once; extension pays again and lengthens the rental', async () => {
      const r = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '912345678',
          voucherCode: 'UMAVEZ',
        },
      });
      const rental = r.body.Data;
      expect(rental.transactions[0]).toMatchObject({
        status: 'paid',
        totalCostCents: 400,
        chargedCents: 400,
        depositCents: 0,
        phone: '912345678',
        identifier: '91*****78',
      });
      expect(await logActions(rental.transactions[0]!.id)).toEqual([2, 4]);
      const used = await kiosk(API.rentals.quote, { body: { packId: s.packId, voucherCode: 'UMAVEZ' } });
      expect(used.body).toMatchObject({ Description: 'voucherInvalid', Data: { reason: 'exhausted' } });
      const noPhone = await kiosk(API.rentals.extend, {
        params: { id: rental.id },
        body: {
          packId: s.packId,
          method: 'mbway',
        },
      });
      expect(noPhone).toMatchObject({ status: 400, body: { Description: 'invalidInput' } });
      const ext = await kiosk(API.rentals.extend, {
        params: { id: rental.id },
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '912345678',
        },
      });
      expect(ext.body.Data.transactions).toHaveLength(2);
      expect(ext.body.Data.transactions[1]).toMatchObject({
        kind: 'extension',
        status: 'paid',
        totalCostCents: 500,
        rentalStart: rental.endsAt,
      });
      expect(Date.parse(ext.body.Data.endsAt!) - Date.parse(rental.endsAt!)).toBe(2 * 3600_000);
      const end = await kiosk(API.rentals.end, { params: { id: rental.id } });
      expect(end.body.Data.transactions.map((t) => t.status)).toEqual(['paid', 'paid']);
      await closed(rental.lockerId);
    });

    it('MBWay: waits for the signed webhook; bad signatures and contradictions are refused', async () => {
      const r = await kiosk(API.rentals.rent, {
        body: {
          packId: s.packId,
          method: 'mbway',
          phone: '910000002',
        },
      });
      const rental = r.body.Data;
      expect(rental.status).toBe('pending');
      expect(await lockerStatus(rental.lockerId)).toBe(7);
      const t = rental.transactions[0]!;
      expect(t.status).toBe('pending');
      expect((await kiosk(API.rentals.open, { params: { id: rental.id } })).body.Description).toBe(
        'rentalNotActive',
      );
      const forged = await webhook({ transactionId: t.transactionId, status: 'paid' }, 'wrong-secret');
      expect(forged.statusCode).toBe(401);
      expect(forged.json().Description).toBe('invalidSignature');
      const unknown = await webhook({ transactionId: 'sbx_nope', status: 'paid' });
      expect(unknown.statusCode).toBe(404);
      // issue #31: the signature carries its time, and an event is taken once.
      const paid = { eventId: `evt_${randomUUID()}`, transactionId: t.transactionId, status: 'paid' };
      for (const at of [Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
        const stale = await webhook(paid, s.secret, at);
        expect([stale.statusCode, stale.json().Description]).toEqual([401, 'invalidSignature']);
      }
      const sent = signed(paid, s.secret, Date.now() - 60_000);
      const bodyOnly = createHmac('sha256', s.secret).update(sent.raw).digest('hex');
      const nowS = Math.floor(Date.now() / 1000);
      for (const header of [
        `sha256=${bodyOnly}`,
        `v1=${bodyOnly}`,
        `t=${nowS},v1=${bodyOnly}`,
        sent.header.replace(/^t=\d+/, `t=${nowS}`),
      ])
        expect((await post(sent.raw, header)).statusCode, header).toBe(401);
      const ok = await post(sent.raw, sent.header);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().Data).toEqual({ transactionId: t.transactionId, status: 'paid' });
      for (const replay of [await post(sent.raw, sent.header), await webhook(paid)])
        expect([replay.statusCode, replay.json().Description]).toEqual([409, 'eventReplayed']);
      expect((await webhook({ transactionId: t.transactionId, status: 'paid' })).statusCode).toBe(200);
      expect((await webhook({ transactionId: t.transactionId, status: 'error' })).statusCode).toBe(422);
      const now = await kiosk(API.rentals.get, { params: { id: rental.id } });
      expect(now.body.Data.status).toBe('active');
      expect(await logActions(t.id)).toEqual([2, 4]);
      expect(await lockerStatus(rental.lockerId)).toBe(6);
      await kiosk(API.rentals.end, { params: { id: rental.id } });
      await closed(rental.lockerId);
    });

    it('refuses a rental when closed, without a method, with no free locker, and keeps state when the door jams', async () => {
      const lisbon = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Lisbon',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date());
      const h = (n: number) => String((Number(lisbon) + n) % 24).padStart(2, '0') + ':00';
      await saveSettings({ ...SETTINGS, parkOpening: h(2), parkClosing: h(3) });
      const closedNow = await kiosk(API.rentals.rent, { body: { packId: s.packId, method: 'creditCard' } });
      expect(closedNow).toMatchObject({ status: 422, body: { Description: 'marketplaceClosed' } });
      const guest = await kiosk(API.rentals.rent, {
        body: {
          packId: s.guestPackId,
          method: 'creditCard',
        },
      });
      expect(guest.status).toBe(200);
      await saveSettings(SETTINGS);

      expect((await kiosk(API.rentals.rent, { body: { packId: s.packId } })).status).toBe(400);
      const others = [];
      for (let i = 0; i < 2; i++)
        others.push(
          (await kiosk(API.rentals.rent, { body: { packId: s.packId, method: 'creditCard' } })).body.Data,
        );
      const none = await kiosk(API.rentals.rent, { body: { packId: s.packId, method: 'creditCard' } });
      expect(none).toMatchObject({ status: 409, body: { Description: 'No locker avaliable' } });

      const jammed = guest.body.Data;
      const sim = ctx.app.devices.simulator!.simulator(s.placeId)!;
      sim.setFault('jam', jammed.doorNumber);
      const end = await kiosk(API.rentals.end, { params: { id: jammed.id } });
      sim.clearFault('jam', jammed.doorNumber);
      expect(end).toMatchObject({
        status: 409,
        body: { Description: 'doorJammed', Data: { outcome: 'jammed' } },
      });
      expect((await kiosk(API.rentals.get, { params: { id: jammed.id } })).body.Data.status).toBe('active');
      for (const r of [jammed, ...others]) {
        await kiosk(API.rentals.end, { params: { id: r.id } });
        await closed(r.lockerId);
      }
    });

    it('shows the back-office the transactions, their logs, revenue and occupancy', async () => {
      const list = await admin(API.marketplace.transactions, { query: { max_results: 100 } });
      expect(list.body.Data.totalTransactions).toBe(list.body.Data.transactions.length);
      const paid = await admin(API.marketplace.transactions, {
        query: { status: 'paid', method: 'creditCard' },
      });
      expect(paid.body.Data.transactions.every((t) => t.status === 'paid' && t.method === 'creditCard')).toBe(
        true,
      );
      const first = paid.body.Data.transactions.find((t) => t.voucherCode === 'DEZ')!;
      const byRef = await admin(API.marketplace.transactions, { query: { search: first.reference } });
      expect(byRef.body.Data.transactions.map((t) => t.id)).toEqual([first.id]);
      const today = new Date().toISOString().slice(0, 10);
      const inRange = await admin(API.marketplace.transactions, {
        query: { dateInterval: `${today}|${today}`, placeId: s.placeId },
      });
      expect(inRange.body.Data.totalTransactions).toBe(list.body.Data.totalTransactions);
      const old = await admin(API.marketplace.transactions, {
        query: { dateInterval: '2020-01-01|2020-01-02' },
      });
      expect(old.body.Data.totalTransactions).toBe(0);
      const d = await admin(API.marketplace.transaction, { params: { id: first.id } });
      expect(d.body.Data.logs.map((l) => l.action)).toEqual([1, 3, 4]);
      expect(d.body.Data.invoice).toMatchObject({
        costCents: 366,
        ivaCents: 84,
        totalCostCents: 450,
        chargedCents: 450,
        ivaPercent: 23,
      });
      const o = await admin(API.marketplace.overview, {});
      expect(o.body.Data.revenue.totalCents).toBe(450 + 2000 + 400 + 500 + 500 + 1200 + 500 + 500);
      expect(o.body.Data.occupancy).toEqual([
        { placeId: s.placeId, placeName: 'Praia', lockers: 3, occupied: 0, available: 3 },
      ]);
      expect(o.body.Data.activeRentals).toEqual([]);
      expect(o.body.Data.daily).toHaveLength(30);
      expect(o.body.Data.daily.at(-1)!.cents).toBe(o.body.Data.revenue.todayCents);
      expect(o.body.Data.daily.reduce((n, d) => n + d.cents, 0)).toBe(o.body.Data.revenue.last30DaysCents);
    });
  },
  { driver: () => fastSimulator(30) },
);
