import { beforeAll, expect, it } from 'vitest';
import { API, type QueryOf } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';

/**
 * The transactions list on the list kit (issue #22): filters by status, method and day, the sort
 * whitelist, and the export of the filtered list (its rows equal the list's, in its order).
 */
describeEachDb('transactions list: filters, sort, export', (ctx) => {
  let token: string;
  const tag = `TX${Date.now() % 100_000}`;

  const refs = async (query: QueryOf<typeof API.marketplace.transactions>) => {
    const r = await callApi(ctx.app, token, API.marketplace.transactions, {
      query: { search: tag, ...query },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data.transactions.map((x) => x.reference);
  };

  beforeAll(async () => {
    token = (await signIn(ctx.app, 'admin')).token;
    const rows = [
      { ref: 'A', status: 'paid', method: 'mbway', cents: 300, day: '2026-03-02' },
      { ref: 'B', status: 'error', method: 'creditCard', cents: 100, day: '2026-03-01' },
      { ref: 'C', status: 'paid', method: 'creditCard', cents: 200, day: '2026-03-03' },
    ];
    for (const r of rows) {
      const at = `${r.day}T10:00:00.000Z`;
      await ctx.app.db
        .insertInto('transactions')
        .values({
          kind: 'rental',
          reference: `${tag}-${r.ref}`,
          status: r.status,
          method: r.method,
          total_cost_cents: r.cents,
          charged_cents: r.status === 'paid' ? r.cents : 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  });

  it('filters by status, method and days, sorts on the server by a whitelisted column', async () => {
    expect(await refs({})).toEqual([`${tag}-C`, `${tag}-A`, `${tag}-B`]);
    expect(await refs({ status: 'paid', sort: 'reference', order: 'asc' })).toEqual([`${tag}-A`, `${tag}-C`]);
    expect(await refs({ method: 'creditCard', sort: 'reference', order: 'asc' })).toEqual([
      `${tag}-B`,
      `${tag}-C`,
    ]);
    expect(await refs({ dateInterval: '2026-03-01|2026-03-02', sort: 'reference', order: 'asc' })).toEqual([
      `${tag}-A`,
      `${tag}-B`,
    ]);
    expect(await refs({ sort: 'totalCostCents', order: 'desc' })).toEqual([
      `${tag}-A`,
      `${tag}-C`,
      `${tag}-B`,
    ]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.marketplace.transactions.path}?sort=phone`,
    });
    expect(bad.status).toBe(400);
  });

  it('exports the filtered list in its order, amounts in euros', async () => {
    const res = await ctx.app.inject({
      ...apiRequest(API.marketplace.exportTransactions, {
        query: {
          search: tag,
          method: 'creditCard',
          sort: 'totalCostCents',
          order: 'asc',
          format: 'csv',
          language: 'en',
        },
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]!.slice(0, 4)).toEqual(['Date', 'Reference', 'Status', 'Method']);
    expect(lines.slice(1).map((l) => l[1])).toEqual([`${tag}-B`, `${tag}-C`]);
    expect(lines.slice(1).map((l) => l[10])).toEqual(['1', '2']);
  });
});
