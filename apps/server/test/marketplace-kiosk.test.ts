import { createHmac, randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import type {
  KioskCatalog,
  MarketplaceOverview,
  Rental,
  TransactionDetails,
  TransactionsReply,
} from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, fastSimulator, waitFor } from './helpers/fixtures.js';

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

describeEachDb(
  'marketplace kiosk rentals',
  (ctx) => {
    const s = {} as {
      admin: string;
      screen: string;
      placeId: number;
      lockerIds: number[];
      packId: number;
      guestPackId: number;
      secret: string;
    };
    const kiosk = <T>(method: 'GET' | 'POST', url: string, payload?: object) =>
      call<T>(ctx.app, s.screen, { method, url, ...(payload ? { payload } : {}) });
    const admin = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      call<T>(ctx.app, s.admin, { method, url, ...(payload ? { payload } : {}) });
    /** Saves the marketplace settings from their current version (docs/adr/0027). */
    const saveSettings = async (settings: object) => {
      const { updatedAt } = (await admin<{ updatedAt: string | null }>('GET', '/api/marketplace/settings'))
        .body.Data;
      const r = await admin('PUT', '/api/marketplace/settings', { ...settings, updatedAt });
      if (r.status !== 200) throw new Error(`settings: ${r.status} ${JSON.stringify(r.body)}`);
    };
    const lockerStatus = async (id: number) =>
      (await ctx.app.db.selectFrom('lockers').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    const logActions = async (txId: number) =>
      (
        await ctx.app.db
          .selectFrom('transaction_logs')
          .select('action')
          .where('transaction_id', '=', txId)
          .orderBy('id')
          .execute()
      ).map((r) => r.action);
    /** The provider's call as sent: these bytes with this signature header. */
    const post = (raw: string, signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/marketplace/payments/webhook',
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-cacifo-signature': signature },
      });
    /** The body (a new event id unless it has one) and its header, signed with its time `at`. */
    const signed = (body: object, secret = s.secret, at = Date.now()) => {
      const raw = JSON.stringify({ eventId: `evt_${randomUUID()}`, ...body });
      const t = Math.floor(at / 1000);
      return { raw, header: `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}` };
    };
    const webhook = (body: object, secret = s.secret, at = Date.now()) => {
      const { raw, header } = signed(body, secret, at);
      return post(raw, header);
    };
    /** Waits until the simulated door closed again, so the locker counts as free. */
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
        (await admin('PUT', '/api/marketplace/kiosk', { adminId: sc.id, placeId: office.placeId })).status,
      ).toBe(400);
      expect((await admin('PUT', '/api/marketplace/kiosk', { adminId: a.id, placeId })).status).toBe(400);
      expect((await admin('PUT', '/api/marketplace/kiosk', { adminId: sc.id, placeId })).status).toBe(200);
      s.packId = (
        await admin<{ id: number }>('POST', '/api/marketplace/price', {
          name: '2 horas',
          type: 'visitor',
          hours: 2,
          priceCents: 500,
        })
      ).body.Data.id;
      s.guestPackId = (
        await admin<{ id: number }>('POST', '/api/marketplace/price', {
          name: 'Hóspede',
          type: 'guest',
          hours: 24,
          priceCents: 1200,
        })
      ).body.Data.id;
      await admin('POST', '/api/marketplace/voucher', {
        title: '10%',
        code: 'DEZ',
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        discountType: 'percentage',
        discountValue: 10,
        type: 'visitor',
      });
      await admin('POST', '/api/marketplace/voucher', {
        title: 'Uma vez',
        code: 'UMAVEZ',
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        discountType: 'fixed',
        discountValue: 100,
        maxUses: 1,
      });
      await admin('POST', '/api/marketplace/voucher', {
        title: 'Antigo',
        code: 'ANTIGO',
        startDate: '2020-01-01',
        endDate: '2020-12-31',
        discountType: 'fixed',
        discountValue: 100,
      });
      s.secret = (
        await admin<{ webhookSecret: string }>('GET', '/api/marketplace/settings')
      ).body.Data.webhookSecret;
      const cat = await kiosk<KioskCatalog>('GET', '/api/kiosk/marketplace');
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
      const q = await kiosk('POST', '/api/kiosk/quote', { packId: s.packId, voucherCode: 'dez' });
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
        const r = await kiosk('POST', '/api/kiosk/quote', { packId, voucherCode: code });
        expect(r, code).toMatchObject({
          status: 422,
          body: { Description: 'voucherInvalid', Data: { reason } },
        });
      }
      expect((await kiosk('POST', '/api/kiosk/quote', { packId: 99999 })).status).toBe(404);
    });

    it('card: authorised and deposit held, door opens, ends within time and is charged the total', async () => {
      const publish = vi.spyOn(ctx.app.realtime, 'publish');
      const r = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        voucherCode: 'DEZ',
        method: 'creditCard',
        size: 'M',
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

      const open = await kiosk<{ door: { ok: boolean; outcome: string } }>(
        'POST',
        `/api/kiosk/rentals/${rental.id}/open`,
      );
      expect(open.body.Data.door).toMatchObject({ ok: true, outcome: 'opened' });
      await closed(rental.lockerId);
      const end = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(end.body.Data.status).toBe('ended');
      const done = end.body.Data.transactions[0]!;
      expect(done).toMatchObject({ status: 'paid', chargedCents: 450, billedMinutes: expect.any(Number) });
      expect(done.paidAt).not.toBeNull();
      expect(await logActions(t.id)).toEqual([1, 3, 4]);
      expect(await lockerStatus(rental.lockerId)).toBe(0);
      expect((await kiosk('POST', `/api/kiosk/rentals/${rental.id}/end`)).body.Description).toBe(
        'rentalNotActive',
      );
      await closed(rental.lockerId);
      publish.mockRestore();
    });

    it('card: past paid time plus safe time, the deposit is kept (captive)', async () => {
      const r = await kiosk<Rental>('POST', '/api/kiosk/rentals', { packId: s.packId, method: 'creditCard' });
      const rental = r.body.Data;
      const past = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
      await ctx.app.db
        .updateTable('rentals')
        .set({ started_at: past(200), ends_at: past(80), safe_until: past(65) })
        .where('id', '=', rental.id)
        .execute();
      const seen = await kiosk<Rental>('GET', `/api/kiosk/rentals/${rental.id}`);
      expect(seen.body.Data.overdue).toBe(true);
      expect(await lockerStatus(rental.lockerId)).toBe(8);
      const end = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(end.body.Data.transactions[0]).toMatchObject({
        status: 'captive',
        chargedCents: 2000,
        billedMinutes: 201,
      });
      expect(await logActions(rental.transactions[0]!.id)).toEqual([1, 3, 4]);
      await closed(rental.lockerId);
    });

    it('card: a refused or timed-out payment frees the locker and says so', async () => {
      const err = await kiosk<{ transactionId: number; rental: Rental }>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'creditCard',
        cardToken: 'tok_error',
      });
      expect(err).toMatchObject({ status: 422, body: { Description: 'paymentFailed' } });
      expect(err.body.Data.rental.status).toBe('canceled');
      expect(await logActions(err.body.Data.transactionId)).toEqual([5]);
      expect(await lockerStatus(err.body.Data.rental.lockerId)).toBe(0);
      const exp = await kiosk<{ transactionId: number; rental: Rental }>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'creditCard',
        cardToken: 'tok_expired',
      });
      expect(exp).toMatchObject({ status: 422, body: { Description: 'paymentExpired' } });
      expect(await logActions(exp.body.Data.transactionId)).toEqual([6]);
      expect(exp.body.Data.rental.transactions[0]!.status).toBe('expired');
    });

    it('MBWay: paid at once; extension pays again and lengthens the rental', async () => {
      const r = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '912345678',
        voucherCode: 'UMAVEZ',
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
      const used = await kiosk('POST', '/api/kiosk/quote', { packId: s.packId, voucherCode: 'UMAVEZ' });
      expect(used.body).toMatchObject({ Description: 'voucherInvalid', Data: { reason: 'exhausted' } });
      const noPhone = await kiosk('POST', `/api/kiosk/rentals/${rental.id}/extend`, {
        packId: s.packId,
        method: 'mbway',
      });
      expect(noPhone).toMatchObject({ status: 400, body: { Description: 'invalidInput' } });
      const ext = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/extend`, {
        packId: s.packId,
        method: 'mbway',
        phone: '912345678',
      });
      expect(ext.body.Data.transactions).toHaveLength(2);
      expect(ext.body.Data.transactions[1]).toMatchObject({
        kind: 'extension',
        status: 'paid',
        totalCostCents: 500,
        rentalStart: rental.endsAt,
      });
      expect(Date.parse(ext.body.Data.endsAt!) - Date.parse(rental.endsAt!)).toBe(2 * 3600_000);
      const end = await kiosk<Rental>('POST', `/api/kiosk/rentals/${rental.id}/end`);
      expect(end.body.Data.transactions.map((t) => t.status)).toEqual(['paid', 'paid']);
      await closed(rental.lockerId);
    });

    it('MBWay: waits for the signed webhook; bad signatures and contradictions are refused', async () => {
      const r = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000002',
      });
      const rental = r.body.Data;
      expect(rental.status).toBe('pending');
      expect(await lockerStatus(rental.lockerId)).toBe(7);
      const t = rental.transactions[0]!;
      expect(t.status).toBe('pending');
      expect((await kiosk('POST', `/api/kiosk/rentals/${rental.id}/open`)).body.Description).toBe(
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
      const now = await kiosk<Rental>('GET', `/api/kiosk/rentals/${rental.id}`);
      expect(now.body.Data.status).toBe('active');
      expect(await logActions(t.id)).toEqual([2, 4]);
      expect(await lockerStatus(rental.lockerId)).toBe(6);
      await kiosk('POST', `/api/kiosk/rentals/${rental.id}/end`);
      await closed(rental.lockerId);
    });

    it('MBWay: refused or expired at once; unpaid past the pending time expires and frees the locker', async () => {
      const refused = await kiosk<{ transactionId: number }>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000005',
      });
      expect(refused.body.Description).toBe('paymentFailed');
      expect(await logActions(refused.body.Data.transactionId)).toEqual([5]);
      const expired = await kiosk<{ transactionId: number }>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000006',
      });
      expect(expired.body.Description).toBe('paymentExpired');
      expect(await logActions(expired.body.Data.transactionId)).toEqual([2, 6]);

      const r = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000002',
      });
      await ctx.app.db
        .updateTable('rentals')
        .set({ pending_until: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', r.body.Data.id)
        .execute();
      const after = await kiosk<Rental>('GET', `/api/kiosk/rentals/${r.body.Data.id}`);
      expect(after.body.Data.status).toBe('canceled');
      expect(after.body.Data.transactions[0]!.status).toBe('expired');
      expect(await logActions(after.body.Data.transactions[0]!.id)).toEqual([2, 6]);
      expect(await lockerStatus(r.body.Data.lockerId)).toBe(0);

      const c = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000002',
      });
      const canceled = await kiosk<Rental>('POST', `/api/kiosk/rentals/${c.body.Data.id}/cancel`);
      expect(canceled.body.Data).toMatchObject({
        status: 'canceled',
        transactions: [{ status: 'canceled' }],
      });
      expect(await lockerStatus(c.body.Data.lockerId)).toBe(0);
    });

    it('refuses a rental when closed, without a method, with no free locker, and keeps state when the door jams', async () => {
      const lisbon = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Lisbon',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date());
      const h = (n: number) => String((Number(lisbon) + n) % 24).padStart(2, '0') + ':00';
      await saveSettings({ ...SETTINGS, parkOpening: h(2), parkClosing: h(3) });
      const closedNow = await kiosk('POST', '/api/kiosk/rentals', { packId: s.packId, method: 'creditCard' });
      expect(closedNow).toMatchObject({ status: 422, body: { Description: 'marketplaceClosed' } });
      const guest = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.guestPackId,
        method: 'creditCard',
      });
      expect(guest.status).toBe(200);
      await saveSettings(SETTINGS);

      expect((await kiosk('POST', '/api/kiosk/rentals', { packId: s.packId })).status).toBe(400);
      const others = [];
      for (let i = 0; i < 2; i++)
        others.push(
          (await kiosk<Rental>('POST', '/api/kiosk/rentals', { packId: s.packId, method: 'creditCard' })).body
            .Data,
        );
      const none = await kiosk('POST', '/api/kiosk/rentals', { packId: s.packId, method: 'creditCard' });
      expect(none).toMatchObject({ status: 409, body: { Description: 'No locker avaliable' } });

      const jammed = guest.body.Data;
      const sim = ctx.app.devices.simulator!.simulator(s.placeId)!;
      sim.setFault('jam', jammed.doorNumber);
      const end = await kiosk('POST', `/api/kiosk/rentals/${jammed.id}/end`);
      sim.clearFault('jam', jammed.doorNumber);
      expect(end).toMatchObject({
        status: 409,
        body: { Description: 'doorJammed', Data: { outcome: 'jammed' } },
      });
      expect((await kiosk<Rental>('GET', `/api/kiosk/rentals/${jammed.id}`)).body.Data.status).toBe('active');
      for (const r of [jammed, ...others]) {
        await kiosk('POST', `/api/kiosk/rentals/${r.id}/end`);
        await closed(r.lockerId);
      }
    });

    it('free mode skips payment', async () => {
      await saveSettings({ ...SETTINGS, freeMode: true });
      const r = await kiosk<Rental>('POST', '/api/kiosk/rentals', { packId: s.packId });
      expect(r.body.Data).toMatchObject({
        status: 'active',
        method: null,
        transactions: [{ status: 'paid', totalCostCents: 0, chargedCents: 0, method: null }],
      });
      await saveSettings(SETTINGS);
      await kiosk('POST', `/api/kiosk/rentals/${r.body.Data.id}/end`);
      await closed(r.body.Data.lockerId);
    });

    it('shows the back-office the transactions, their logs, revenue and occupancy', async () => {
      const list = await admin<TransactionsReply>('GET', '/api/marketplace/transactions?max_results=100');
      expect(list.body.Data.totalTransactions).toBe(list.body.Data.transactions.length);
      const paid = await admin<TransactionsReply>(
        'GET',
        '/api/marketplace/transactions?status=paid&method=creditCard',
      );
      expect(paid.body.Data.transactions.every((t) => t.status === 'paid' && t.method === 'creditCard')).toBe(
        true,
      );
      const first = paid.body.Data.transactions.find((t) => t.voucherCode === 'DEZ')!;
      const byRef = await admin<TransactionsReply>(
        'GET',
        `/api/marketplace/transactions?search=${first.reference}`,
      );
      expect(byRef.body.Data.transactions.map((t) => t.id)).toEqual([first.id]);
      const today = new Date().toISOString().slice(0, 10);
      const inRange = await admin<TransactionsReply>(
        'GET',
        `/api/marketplace/transactions?dateInterval=${today}|${today}&placeId=${s.placeId}`,
      );
      expect(inRange.body.Data.totalTransactions).toBe(list.body.Data.totalTransactions);
      const old = await admin<TransactionsReply>(
        'GET',
        '/api/marketplace/transactions?dateInterval=2020-01-01|2020-01-02',
      );
      expect(old.body.Data.totalTransactions).toBe(0);
      const d = await admin<TransactionDetails>('GET', `/api/marketplace/transaction/${first.id}`);
      expect(d.body.Data.logs.map((l) => l.action)).toEqual([1, 3, 4]);
      expect(d.body.Data.invoice).toMatchObject({
        costCents: 366,
        ivaCents: 84,
        totalCostCents: 450,
        chargedCents: 450,
        ivaPercent: 23,
      });
      const o = await admin<MarketplaceOverview>('GET', '/api/marketplace/overview');
      expect(o.body.Data.revenue.totalCents).toBe(450 + 2000 + 400 + 500 + 500 + 1200 + 500 + 500);
      expect(o.body.Data.occupancy).toEqual([
        { placeId: s.placeId, placeName: 'Praia', lockers: 3, occupied: 0, available: 3 },
      ]);
      expect(o.body.Data.activeRentals).toEqual([]);
      expect(o.body.Data.daily).toHaveLength(30);
      expect(o.body.Data.daily.at(-1)!.cents).toBe(o.body.Data.revenue.todayCents);
      expect(o.body.Data.daily.reduce((n, d) => n + d.cents, 0)).toBe(o.body.Data.revenue.last30DaysCents);
    });

    it('answers every other failure with its code and changes nothing', async () => {
      const other = await createPlace(ctx.app, { name: 'Outra praia', type: 'MARKETPLACE', doors: 1 });
      const sc2 = await signIn(ctx.app, 'screen');
      await admin('PUT', '/api/marketplace/kiosk', { adminId: sc2.id, placeId: other.placeId });
      const mine = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '910000002',
      });
      const foreign = await call(ctx.app, sc2.token, {
        method: 'GET',
        url: `/api/kiosk/rentals/${mine.body.Data.id}`,
      });
      expect(foreign).toMatchObject({ status: 404, body: { Description: 'rentalNotExist' } });
      expect(
        (
          await kiosk('POST', `/api/kiosk/rentals/${mine.body.Data.id}/extend`, {
            packId: s.packId,
            method: 'creditCard',
          })
        ).body.Description,
      ).toBe('rentalNotActive');
      expect((await kiosk('POST', `/api/kiosk/rentals/${mine.body.Data.id}/end`)).status).toBe(422);
      await kiosk('POST', `/api/kiosk/rentals/${mine.body.Data.id}/cancel`);
      const again = await kiosk('POST', `/api/kiosk/rentals/${mine.body.Data.id}/cancel`);
      expect(again).toMatchObject({ status: 422, body: { Description: 'rentalNotActive' } });
      expect((await kiosk('GET', '/api/kiosk/rentals/999999')).status).toBe(404);
      expect((await kiosk('POST', '/api/kiosk/rentals', { packId: s.packId, method: 'cash' })).status).toBe(
        400,
      );
      expect(
        (await kiosk('POST', '/api/kiosk/rentals', { packId: s.packId, method: 'mbway', phone: '12' }))
          .status,
      ).toBe(400);

      const daily = await admin<{ id: number }>('POST', '/api/marketplace/voucher', {
        title: 'Dia',
        code: 'UMPORDIA',
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        discountType: 'fixed',
        discountValue: 50,
        maxUsesPerDay: 1,
      });
      expect(daily.status).toBe(200);
      const first = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'mbway',
        phone: '912345678',
        voucherCode: 'UMPORDIA',
      });
      const second = await kiosk('POST', '/api/kiosk/quote', { packId: s.packId, voucherCode: 'UMPORDIA' });
      expect(second.body).toMatchObject({
        Description: 'voucherInvalid',
        Data: { reason: 'exhaustedToday' },
      });
      await admin('POST', '/api/marketplace/voucher/enabled', { id: daily.body.Data.id, enabled: false });
      const disabled = await kiosk('POST', '/api/kiosk/quote', { packId: s.packId, voucherCode: 'UMPORDIA' });
      expect(disabled.body).toMatchObject({ Description: 'voucherInvalid', Data: { reason: 'disabled' } });
      await kiosk('POST', `/api/kiosk/rentals/${first.body.Data.id}/end`);
      await closed(first.body.Data.lockerId);

      const missing = [
        await admin('PUT', '/api/marketplace/voucher', {
          id: 999999,
          title: 'x',
          code: 'XYZ',
          startDate: '2020-01-01',
          endDate: '2020-01-02',
          discountType: 'fixed',
          discountValue: 1,
          updatedAt: new Date().toISOString(),
        }),
        await admin('POST', '/api/marketplace/voucher/enabled', { id: 999999, enabled: true }),
        await admin('POST', '/api/marketplace/price/enabled', { id: 999999, enabled: true }),
        await admin('PUT', '/api/marketplace/transaction', {
          id: 999999,
          description: 'x',
          updatedAt: new Date().toISOString(),
        }),
      ];
      expect(missing.map((m) => [m.status, m.body.Description])).toEqual([
        [404, 'voucherNotExist'],
        [404, 'voucherNotExist'],
        [404, 'priceNotExist'],
        [404, 'transactionNotExist'],
      ]);

      const twice = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'creditCard',
      });
      const ends = await Promise.all(
        [1, 2].map(() => kiosk<Rental>('POST', `/api/kiosk/rentals/${twice.body.Data.id}/end`)),
      );
      expect(ends.map((e) => e.status).sort()).toEqual([200, 422]);
      expect(await logActions(twice.body.Data.transactions[0]!.id)).toEqual([1, 3, 4]);
      await closed(twice.body.Data.lockerId);

      const waiting = await kiosk<Rental>('POST', '/api/kiosk/rentals', {
        packId: s.packId,
        method: 'creditCard',
        cardToken: 'tok_pending',
      });
      expect(waiting.body.Data).toMatchObject({ status: 'pending', transactions: [{ status: 'pending' }] });
      const held = await webhook({
        transactionId: waiting.body.Data.transactions[0]!.transactionId,
        status: 'held',
        amountCents: 2000,
      });
      expect(held.json().Data.status).toBe('processing');
      const active = await kiosk<Rental>('GET', `/api/kiosk/rentals/${waiting.body.Data.id}`);
      expect(active.body.Data).toMatchObject({ status: 'active', depositCents: 2000 });
      expect(await logActions(waiting.body.Data.transactions[0]!.id)).toEqual([1, 3]);
      const settled = await kiosk<Rental>('POST', `/api/kiosk/rentals/${waiting.body.Data.id}/end`);
      expect(settled.body.Data.transactions[0]).toMatchObject({ status: 'paid', chargedCents: 500 });
      await closed(waiting.body.Data.lockerId);

      const noSig = await ctx.app.inject({
        method: 'POST',
        url: '/api/marketplace/payments/webhook',
        payload: { eventId: 'evt_x', transactionId: 'sbx_x', status: 'paid' },
      });
      expect(noSig.statusCode).toBe(401);
      const badJson = await ctx.app.inject({
        method: 'POST',
        url: '/api/marketplace/payments/webhook',
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
