import { beforeAll, expect, it } from 'vitest';
import { readBook } from './helpers/spreadsheet.js';
import { API, type Order, type OrderBulkAction, type QueryOf } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { createOrder, depositOrder, newPhone } from './helpers/order-fixtures.js';

/**
 * The order lists on the list kit (issue #22): every filter (state, location, store, delivery
 * type, created and stored dates), the sort whitelist, the export of the filtered list (its rows
 * equal the list's) and the bulk actions with a report per row.
 */
describeEachDb('order lists: filters, sort, export, bulk', (ctx) => {
  let admin: string;
  let store: string;
  let placeId: number;
  const tag = `LK${Date.now() % 100_000}`;
  const company = `Loja ${tag}`;
  const o: Record<string, Order> = {};
  const today = new Date().toISOString().slice(0, 10);

  type Query = QueryOf<typeof API.orders.list>;
  type OrderList = typeof API.orders.list | typeof API.orders.mine | typeof API.orders.expired;
  const list = async (query: Query, token = admin, endpoint: OrderList = API.orders.list) => {
    const r = await callApi(ctx.app, token, endpoint, { query });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const ids = async (query: Query, token = admin) =>
    (await list({ search: tag, max_results: 50, ...query }, token)).deliveries.map((d) => d.packageId);

  beforeAll(async () => {
    admin = (await signIn(ctx.app, 'admin')).token;
    store = (await signIn(ctx.app, 'store', { company })).token;
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 4, sizes: ['S'] }));
    const mk = (name: string, token: string, extra: Record<string, unknown> = {}) =>
      createOrder(ctx.app, token, { packageId: `${tag}-${name}`, recipientPhone: newPhone(), ...extra });
    o.B = await mk('B', admin, { deliveryType: 2 });
    o.A = await mk('A', store);
    o.C = await mk('C', store);
    o.D = await depositOrder(ctx.app, admin, placeId, 'S', {
      packageId: `${tag}-D`,
      recipientPhone: newPhone(),
    });
  });

  it('filters by state, location, store, delivery type and the created and stored days', async () => {
    expect(await ids({ sort: 'packageId', order: 'asc' })).toEqual([
      `${tag}-A`,
      `${tag}-B`,
      `${tag}-C`,
      `${tag}-D`,
    ]);
    expect(await ids({ sort: 'packageId', order: 'asc', state: 4 })).toEqual([`${tag}-D`]);
    expect(await ids({ placeId })).toEqual([`${tag}-D`]);
    expect(await ids({ sort: 'packageId', order: 'asc', company })).toEqual([`${tag}-A`, `${tag}-C`]);
    expect(await ids({ deliveryType: 2 })).toEqual([`${tag}-B`]);
    expect(await ids({ createdAtInterval: `${today}|${today}` })).toHaveLength(4);
    expect(await ids({ createdAtInterval: '2001-01-01|2001-01-31' })).toEqual([]);
    expect(await ids({ storedAtInterval: `${today}|${today}` })).toEqual([`${tag}-D`]);
    // Without a text search, a filter of the counts table's keys and one of the orders' agree.
    const byStore = await list({ company, max_results: 1 });
    expect(byStore.totalDeliveries).toBe(2);
    expect((await list({ company, deliveryType: 1, max_results: 1 })).totalDeliveries).toBe(2);
    // A store account sees its own company's orders, whatever store it asks for.
    expect(await ids({ sort: 'packageId', order: 'asc' }, store)).toEqual([`${tag}-A`, `${tag}-C`]);
    expect(await ids({ company: 'Outra' }, store)).toEqual([]);
    const companies = await callApi(ctx.app, store, API.orders.companies, {});
    expect(companies.body.Data).toEqual([company]);
    const all = await callApi(ctx.app, admin, API.orders.companies, {});
    expect(all.body.Data).toContain(company);
  });

  it('sorts on the server by a whitelisted column, either way; anything else is invalidInput', async () => {
    expect(await ids({ sort: 'packageId', order: 'desc' })).toEqual([
      `${tag}-D`,
      `${tag}-C`,
      `${tag}-B`,
      `${tag}-A`,
    ]);
    // Never stored: last both ways.
    expect((await ids({ sort: 'storedAt', order: 'asc' }))[0]).toBe(`${tag}-D`);
    expect((await ids({ sort: 'storedAt', order: 'desc' }))[0]).toBe(`${tag}-D`);
    // Newest first by default: the order created last comes first.
    expect((await ids({}))[0]).toBe(`${tag}-D`);
    // Values the typed query cannot hold, so the query strings are written out.
    for (const bad of [
      'sort=recipient_phone',
      'order=up',
      'state=99',
      'createdAtInterval=2020-02-01|2020-01-01',
    ]) {
      const r = await call(ctx.app, admin, { method: 'GET', url: `${API.orders.list.path}?${bad}` });
      expect(r.status, bad).toBe(400);
      expect(r.body.Description).toBe('invalidInput');
    }
  });

  it('exports the filtered list in its order: the .csv and the .xlsx rows are the list rows', async () => {
    const query = { search: tag, sort: 'packageId', order: 'desc', state: [1, 4] } as const;
    const shown = (await list({ ...query, max_results: 50 })).deliveries.map((d) => d.packageId);
    expect(shown).toEqual([`${tag}-D`, `${tag}-C`, `${tag}-B`, `${tag}-A`]);
    const csv = await ctx.app.inject({
      ...apiRequest(API.orders.exportOrders, { query: { ...query, format: 'csv', language: 'en' } }),
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 2)).toEqual(['Package ID', 'State']);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(shown);
    expect(lines[1]!.split(',')[1]).toBe('Stored in locker');

    const xlsx = await ctx.app.inject({
      ...apiRequest(API.orders.exportOrders, { query: { ...query, format: 'xlsx', language: 'pt' } }),
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = readBook(xlsx.rawPayload);
    const sheet = book.sheet(book.names[0]!);
    expect(sheet.rows.map((r) => r[0])).toEqual(['ID da encomenda', ...shown]);
    // A store account's export holds its company's orders only.
    const mine = await ctx.app.inject({
      ...apiRequest(API.orders.exportOrders, { query: { search: tag, format: 'csv' } }),
      headers: { authorization: `Bearer ${store}` },
    });
    expect(mine.body.slice(1).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('bulk: cancels then archives several orders, one report row each, a refused one with its code', async () => {
    const bulk = (action: OrderBulkAction, ids: number[], token = admin) =>
      callApi(ctx.app, token, API.orders.bulkOrders, { body: { action, ids } });
    const cancelled = await bulk('cancel', [o.A!.id, o.B!.id, o.C!.id]);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.Data).toMatchObject({ succeeded: 3, failed: 0 });
    // The stored order cannot be archived; another company's order does not exist for a store.
    const archived = await bulk('archive', [o.A!.id, o.B!.id, o.D!.id, o.C!.id]);
    expect(archived.body.Data).toEqual({
      results: [
        { id: o.A!.id, ok: true, code: null },
        { id: o.B!.id, ok: true, code: null },
        { id: o.D!.id, ok: false, code: 'stateNotAllowed' },
        { id: o.C!.id, ok: true, code: null },
      ],
      succeeded: 3,
      failed: 1,
    });
    expect(await ids({ archived: 'true', sort: 'packageId', order: 'asc' })).toEqual([
      `${tag}-A`,
      `${tag}-B`,
      `${tag}-C`,
    ]);
    const foreign = await bulk('resendSms', [o.D!.id], store);
    expect(foreign.body.Data.results).toEqual([{ id: o.D!.id, ok: false, code: 'orderNotExist' }]);
    // An action outside the list: the typed body cannot name it.
    const bad = await call(ctx.app, admin, {
      method: 'POST',
      url: API.orders.bulkOrders.path,
      payload: { action: 'delete', ids: [o.D!.id] },
    });
    expect(bad.status).toBe(400);
  });

  it('finds orders by a package id typed in any case: the list search and the navbar lookup', async () => {
    const lower = tag.toLowerCase();
    const found = await list({ search: lower, sort: 'packageId', order: 'asc', max_results: 50 });
    expect(found.deliveries.map((d) => d.packageId)).toEqual([
      `${tag}-A`,
      `${tag}-B`,
      `${tag}-C`,
      `${tag}-D`,
    ]);
    const one = await callApi(ctx.app, admin, API.orders.order, { query: { packageId: `${lower}-d` } });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.Data.id).toBe(o.D!.id);
    const none = await callApi(ctx.app, admin, API.orders.order, { query: { packageId: `${lower}-z` } });
    expect(none.body.Description).toBe('orderNotExist');
  });

  it('the courier list and the expired list take the same filters and sort', async () => {
    const mine = await list({ search: tag }, admin, API.orders.mine);
    expect(mine.deliveries.map((d) => d.packageId)).toEqual([`${tag}-D`]);
    const expired = await list({ search: tag }, admin, API.orders.expired);
    expect(expired.deliveries).toEqual([]);
  });
});
