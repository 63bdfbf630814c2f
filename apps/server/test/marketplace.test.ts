import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import { API, type CreatePricePack, type CreateVoucher, type MarketplaceSettings } from '@cacifo/contract';
import type { FastifyInstance } from 'fastify';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';

/** The marketplace settings' version, sent back with a save (docs/adr/0027). */
const settingsVersion = async (app: FastifyInstance, token: string) =>
  (await callApi(app, token, API.marketplace.settings, {})).body.Data.updatedAt;
import { fastSimulator } from './helpers/fixtures.js';

const SETTINGS: MarketplaceSettings = {
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
  'marketplace back-office',
  (ctx) => {
    const actions = async () =>
      (await ctx.app.db.selectFrom('admin_logs').select('action').orderBy('id').execute()).map(
        (r) => r.action,
      );

    it('lets only admins in, and only screens at the kiosk', async () => {
      const editor = await signIn(ctx.app, 'editor');
      const screen = await signIn(ctx.app, 'screen');
      const admin = await signIn(ctx.app, 'admin');
      expect((await callApi(ctx.app, editor.token, API.marketplace.settings, {})).status).toBe(403);
      expect((await callApi(ctx.app, screen.token, API.marketplace.transactions, {})).status).toBe(403);
      expect((await callApi(ctx.app, null, API.marketplace.prices, {})).status).toBe(401);
      expect((await callApi(ctx.app, admin.token, API.rentals.catalog, {})).status).toBe(403);
      const unbound = await callApi(ctx.app, screen.token, API.rentals.catalog, {});
      expect(unbound).toMatchObject({ status: 403, body: { Description: 'kioskNotBound' } });
    });

    it('saves settings with their admin log codes, refuses a bad safe time and a low deposit', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const get = await callApi(ctx.app, admin.token, API.marketplace.settings, {});
      expect(get.body.Data).toMatchObject({ ...SETTINGS, highestActivePriceCents: 0 });
      expect(get.body.Data.webhookSecret).toMatch(/^[0-9a-f]{48}$/);

      // Each save sends the version it read (docs/adr/0027).
      const put = async (body: MarketplaceSettings) =>
        callApi(ctx.app, admin.token, API.marketplace.updateSettings, {
          body: { updatedAt: await settingsVersion(ctx.app, admin.token), ...body },
        });
      const first = await put({ ...SETTINGS, parkOpening: '08:00', parkClosing: '22:00' });
      expect(first.status).toBe(200);
      expect(await actions()).toEqual([40, 50, 60, 80, 90]);

      for (const bad of [-1, 1.5, 1441]) {
        const r = await put({ ...SETTINGS, safeTimeMinutes: bad });
        expect(r).toMatchObject({ status: 400, body: { ResultCode: 0, Description: 'incorrectValue' } });
      }
      const badHour = await put({ ...SETTINGS, parkOpening: '25:00' });
      expect(badHour).toMatchObject({
        status: 400,
        body: { Description: 'invalidInput', Data: { 'body.parkOpening': 'validation.hour' } },
      });
      const badIva = await put({ ...SETTINGS, ivaPercent: 101 });
      expect(badIva.status).toBe(400);
      for (const ivaPercent of [150, -1]) {
        expect(await put({ ...SETTINGS, ivaPercent })).toMatchObject({
          status: 400,
          body: { Description: 'invalidInput', Data: { 'body.ivaPercent': 'validation.percentage' } },
        });
      }
      expect(await actions()).toHaveLength(5);

      const iva = await put({ ...SETTINGS, parkOpening: '08:00', parkClosing: '22:00', ivaPercent: 6 });
      expect(iva.body.Data.ivaPercent).toBe(6);
      expect((await actions()).slice(5)).toEqual([81]);
      const back = await put(SETTINGS);
      expect((await actions()).slice(6)).toEqual([41, 81]);
      expect(back.body.Data.parkOpening).toBe('00:00');
    });

    it('derives one price from the other, and keeps the deposit above every active price', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const post = (body: CreatePricePack) =>
        callApi(ctx.app, admin.token, API.marketplace.createPrice, { body });
      const gross = await post({ name: '2 horas', type: 'visitor', hours: 2, priceCents: 500 });
      expect(gross.body.Data).toMatchObject({
        priceCents: 500,
        priceNetCents: 407,
        enabled: true,
        type: 'visitor',
      });
      const net = await post({ name: 'Dia', type: 'guest', hours: 24, priceNetCents: 1000 });
      expect(net.body.Data).toMatchObject({ priceCents: 1230, priceNetCents: 1000 });
      for (const bad of [
        { name: 'x', type: 'visitor', hours: 1, priceCents: 100, priceNetCents: 81 },
        { name: 'x', type: 'visitor', hours: 1 },
        { name: 'x', type: 'nope', hours: 1, priceCents: 100 },
        { name: 'x', type: 'visitor', hours: 0, priceCents: 100 },
        { name: 'x', type: 'visitor', hours: 1, priceCents: 1.5 },
        { name: '', type: 'visitor', hours: 1, priceCents: 100 },
      ]) {
        // Refused input, sent as it is: a price type that is none ('nope') is past the types.
        const refused = await call(ctx.app, admin.token, {
          method: 'POST',
          url: API.marketplace.createPrice.path,
          payload: bad,
        });
        expect(refused.status, JSON.stringify(bad)).toBe(400);
      }
      const tooDear = await post({ name: 'Semana', type: 'visitor', hours: 168, priceCents: 2001 });
      expect(tooDear).toMatchObject({ status: 422, body: { Description: 'captiveBelowPrice' } });
      const disabled = await post({
        name: 'Semana',
        type: 'visitor',
        hours: 168,
        priceCents: 5000,
        enabled: false,
      });
      expect(disabled.status).toBe(200);
      const enable = await callApi(ctx.app, admin.token, API.marketplace.setPriceEnabled, {
        body: { id: disabled.body.Data.id, enabled: true },
      });
      expect(enable).toMatchObject({ status: 422, body: { Description: 'captiveBelowPrice' } });
      const lowDeposit = await callApi(ctx.app, admin.token, API.marketplace.updateSettings, {
        body: {
          ...SETTINGS,
          captiveDepositCents: 1229,
          updatedAt: await settingsVersion(ctx.app, admin.token),
        },
      });
      expect(lowDeposit).toMatchObject({
        status: 422,
        body: { Description: 'captiveBelowPrice', Data: { highestActivePriceCents: 1230 } },
      });

      const upd = await callApi(ctx.app, admin.token, API.marketplace.updatePrice, {
        body: {
          updatedAt: await versionOf(ctx.app, 'price_packs', gross.body.Data.id),
          id: gross.body.Data.id,
          name: '2 horas',
          type: 'visitor',
          hours: 2,
          priceNetCents: 407,
        },
      });
      expect(upd.body.Data).toMatchObject({ priceCents: 501, priceNetCents: 407 });
      const missing = await callApi(ctx.app, admin.token, API.marketplace.updatePrice, {
        body: { updatedAt: 'x', id: 99999, name: 'x', type: 'visitor', hours: 1, priceCents: 1 },
      });
      expect(missing).toMatchObject({ status: 404, body: { Description: 'priceNotExist' } });
      const visitors = await callApi(ctx.app, admin.token, API.marketplace.prices, {
        query: { type: 'visitor' },
      });
      expect(visitors.body.Data.map((p) => p.name)).toEqual(['2 horas', 'Semana']);
      const removePrice = () =>
        callApi(ctx.app, admin.token, API.marketplace.deletePrice, { params: { id: disabled.body.Data.id } });
      const del = await removePrice();
      expect(del.status).toBe(200);
      expect((await removePrice()).status).toBe(404);
      const codes = await actions();
      expect(codes.filter((c) => c >= 30 && c <= 32)).toEqual([30, 30, 30, 31, 32]);
    });

    it('keeps voucher codes unique and checks their fields', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const base: CreateVoucher = {
        title: 'Verão',
        code: 'verao10',
        startDate: '2026-01-01',
        endDate: '2030-12-31',
        discountType: 'percentage',
        discountValue: 10,
      };
      const post = (body: CreateVoucher) =>
        callApi(ctx.app, admin.token, API.marketplace.createVoucher, { body });
      const v = await post(base);
      expect(v.body.Data).toMatchObject({
        code: 'VERAO10',
        uses: 0,
        priceIds: [],
        type: null,
        enabled: true,
        maxUses: null,
      });
      // 150 % is refused with the 0-100 message, not saved as 100 %.
      expect(await post({ ...base, code: 'OVER150', discountValue: 150 })).toMatchObject({
        status: 400,
        body: { Description: 'invalidInput', Data: { 'body.discountValue': 'validation.percentage' } },
      });
      const dup = await post({ ...base, title: 'Outro', code: 'Verao10' });
      expect(dup).toMatchObject({ status: 409, body: { Description: 'voucherCodeExists' } });
      const bads: CreateVoucher[] = [
        { ...base, code: 'A1' },
        { ...base, code: 'X2026', endDate: '2025-01-01' },
        { ...base, code: 'X2026', discountValue: 100.5 },
        { ...base, code: 'X2026', discountType: 'fixed', discountValue: 1.5 },
        { ...base, code: 'X2026', maxUses: 1, maxUsesPerDay: 2 },
        { ...base, code: 'X2026', priceIds: [999999] },
      ];
      for (const bad of bads) {
        expect((await post(bad)).status, JSON.stringify(bad)).toBe(400);
      }
      const other = await post({ ...base, code: 'FIX3', discountType: 'fixed', discountValue: 300 });
      const rename = await callApi(ctx.app, admin.token, API.marketplace.updateVoucher, {
        body: {
          updatedAt: await versionOf(ctx.app, 'vouchers', other.body.Data.id),
          ...base,
          id: other.body.Data.id,
          code: 'verao10',
        },
      });
      expect(rename).toMatchObject({ status: 409, body: { Description: 'voucherCodeExists' } });
      const off = await callApi(ctx.app, admin.token, API.marketplace.setVoucherEnabled, {
        body: { id: other.body.Data.id, enabled: false },
      });
      expect(off.body.Data.enabled).toBe(false);
      const removeVoucher = () =>
        callApi(ctx.app, admin.token, API.marketplace.deleteVoucher, { params: { id: other.body.Data.id } });
      expect((await removeVoucher()).status).toBe(200);
      const gone = await removeVoucher();
      expect(gone).toMatchObject({ status: 404, body: { Description: 'voucherNotExist' } });
      expect((await actions()).filter((c) => c >= 70 && c <= 72)).toEqual([70, 70, 71, 72]);
      const list = await callApi(ctx.app, admin.token, API.marketplace.vouchers, {});
      expect(list.body.Data.map((x) => x.code)).toEqual(['VERAO10']);
    });

    it('edits and deletes transactions within their rules', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const now = new Date().toISOString();
      const insert = (status: string) =>
        ctx.app.db
          .insertInto('transactions')
          .values({
            kind: 'rental',
            reference: `T-${status}-${Math.random()}`,
            status,
            total_cost_cents: 100,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const paid = await insert('paid');
      const failed = await insert('error');
      const long = await callApi(ctx.app, admin.token, API.marketplace.updateTransaction, {
        body: {
          updatedAt: await versionOf(ctx.app, 'transactions', paid.id),
          id: paid.id,
          description: 'x'.repeat(256),
        },
      });
      expect(long).toMatchObject({ status: 400, body: { Description: 'descriptionTooLong' } });
      const ok = await callApi(ctx.app, admin.token, API.marketplace.updateTransaction, {
        body: {
          updatedAt: await versionOf(ctx.app, 'transactions', paid.id),
          id: paid.id,
          description: 'Cliente habitual',
          invoiceId: 'FT 2026/1',
        },
      });
      expect(ok.body.Data.transaction).toMatchObject({
        description: 'Cliente habitual',
        invoiceId: 'FT 2026/1',
      });
      const remove = (id: number) =>
        callApi(ctx.app, admin.token, API.marketplace.deleteTransaction, { params: { id } });
      const del = await remove(paid.id);
      expect(del).toMatchObject({ status: 422, body: { Description: 'stateNotAllowed' } });
      expect((await remove(failed.id)).status).toBe(200);
      const gone = await callApi(ctx.app, admin.token, API.marketplace.transaction, {
        params: { id: failed.id },
      });
      expect(gone).toMatchObject({ status: 404, body: { Description: 'transactionNotExist' } });
      const bad = await callApi(ctx.app, admin.token, API.marketplace.transactions, {
        query: { status: 'nope' },
      });
      expect(bad.status).toBe(400);
    });
  },
  { driver: () => fastSimulator(50) },
);
