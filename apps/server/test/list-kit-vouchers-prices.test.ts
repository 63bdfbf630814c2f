import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint, type QueryOf } from '@cacifo/contract';
import { callApi, describeEachDb, signIn, call } from './helpers/test-app.js';

/**
 * Vouchers and price packs on the list kit (issue #22): their filters (search in any case, enabled,
 * validity) and the sort whitelist, applied by the server.
 */
describeEachDb('vouchers and price packs lists: filters and sort', (ctx) => {
  let token: string;
  const tag = `VK${Date.now() % 100_000}`;

  const get = async <E extends Endpoint>(endpoint: E, input: CallInput<E>) => {
    const r = await callApi(ctx.app, token, endpoint, input);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const codes = async (query: QueryOf<typeof API.marketplace.vouchers>) =>
    (await get(API.marketplace.vouchers, { query: { search: tag.toLowerCase(), ...query } })).map(
      (v) => v.code,
    );
  const packs = async (query: QueryOf<typeof API.marketplace.prices>) =>
    (await get(API.marketplace.prices, { query: { type: 'other', search: tag, ...query } })).map(
      (p) => p.name,
    );

  beforeAll(async () => {
    token = (await signIn(ctx.app, 'admin')).token;
    const now = new Date().toISOString();
    const vouchers = [
      {
        code: `${tag}-B`,
        title: 'Zeta',
        start: '2000-01-01',
        end: '2999-12-31',
        enabled: 1,
        at: '2026-01-02',
      },
      {
        code: `${tag}-A`,
        title: 'Alfa',
        start: '2000-01-01',
        end: '2001-01-01',
        enabled: 1,
        at: '2026-01-03',
      },
      {
        code: `${tag}-C`,
        title: 'Meio',
        start: '2998-01-01',
        end: '2999-01-01',
        enabled: 0,
        at: '2026-01-01',
      },
    ];
    for (const v of vouchers)
      await ctx.app.db
        .insertInto('vouchers')
        .values({
          code: v.code,
          title: v.title,
          description_pt: '',
          description_en: '',
          start_date: v.start,
          end_date: v.end,
          max_uses: null,
          max_uses_per_day: null,
          discount_type: 'percentage',
          discount_value: 10,
          price_ids: '[]',
          type: null,
          enabled: v.enabled,
          created_at: `${v.at}T10:00:00.000Z`,
          updated_at: now,
        })
        .execute();
    const prices = [
      { name: `${tag} dois`, hours: 2, cents: 300, enabled: 1 },
      { name: `${tag} um`, hours: 1, cents: 500, enabled: 0 },
      { name: `${tag} tres`, hours: 3, cents: 100, enabled: 1 },
    ];
    for (const p of prices)
      await ctx.app.db
        .insertInto('price_packs')
        .values({
          name: p.name,
          type: 'other',
          hours: p.hours,
          price_cents: p.cents,
          price_net_cents: p.cents,
          enabled: p.enabled,
          created_at: now,
          updated_at: now,
        })
        .execute();
  });

  it('filters vouchers by text (any case), enabled and validity; sorts by a whitelisted column', async () => {
    expect(await codes({})).toEqual([`${tag}-A`, `${tag}-B`, `${tag}-C`]);
    expect(await codes({ sort: 'title', order: 'asc' })).toEqual([`${tag}-A`, `${tag}-C`, `${tag}-B`]);
    expect(await codes({ sort: 'code', order: 'desc' })).toEqual([`${tag}-C`, `${tag}-B`, `${tag}-A`]);
    expect(await codes({ enabled: '0' })).toEqual([`${tag}-C`]);
    expect(await codes({ validity: 'current' })).toEqual([`${tag}-B`]);
    expect(await codes({ validity: 'ended' })).toEqual([`${tag}-A`]);
    expect(await codes({ validity: 'upcoming' })).toEqual([`${tag}-C`]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.marketplace.vouchers.path}?sort=uses`,
    });
    expect(bad.status).toBe(400);
  });

  it('filters price packs by name and enabled within their type; sorts by hours, name or price', async () => {
    expect(await packs({})).toEqual([`${tag} um`, `${tag} dois`, `${tag} tres`]);
    expect(await packs({ sort: 'priceCents', order: 'desc' })).toEqual([
      `${tag} um`,
      `${tag} dois`,
      `${tag} tres`,
    ]);
    expect(await packs({ sort: 'name', order: 'asc' })).toEqual([`${tag} dois`, `${tag} tres`, `${tag} um`]);
    expect(await packs({ enabled: '1', sort: 'hours', order: 'desc' })).toEqual([
      `${tag} tres`,
      `${tag} dois`,
    ]);
    expect(await get(API.marketplace.prices, { query: { type: 'guest', search: tag } })).toEqual([]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.marketplace.prices.path}?sort=type`,
    });
    expect(bad.status).toBe(400);
  });
});
