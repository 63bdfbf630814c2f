import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API, type QueryOf } from '@cacifo/contract';
import { apiRequest, call, callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { nowIso } from '../src/db/helpers.js';

/**
 * The locations list on the list kit (issue #22): filters (type, mode, part of the name in any
 * case), sort by name or type with ties by id, bad input refused with a 400, the role check, and
 * the export of the filtered list (its rows equal the list's, in its order).
 */
describeEachDb('locations list: filters, sort, export', (ctx) => {
  let token: string;
  const tag = `Zq${Date.now() % 100_000}`;

  type Query = QueryOf<typeof API.locations.list>;
  /** This suite's places, of every type unless the query names one. */
  const list = async (query: Query) => {
    const r = await callApi(ctx.app, token, API.locations.list, {
      query: { search: tag, type: 'ALL', ...query },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const names = async (query: Query) => (await list(query)).places.map((p) => p.name.split(' ')[0]);

  beforeAll(async () => {
    token = (await signIn(ctx.app, 'admin')).token;
    const now = nowIso();
    const places = [
      { name: `bravo ${tag}`, type: 'OFFICE', mode: 'normal' },
      { name: `Alfa ${tag}`, type: 'DELIVERY', mode: 'maintenance' },
      { name: `charlie ${tag.toUpperCase()}`, type: 'OFFICE', mode: 'maintenance' },
      { name: `Delta ${tag}`, type: 'DELIVERY', mode: 'normal' },
    ];
    for (const p of places) {
      const { id } = await ctx.app.db
        .insertInto('places')
        .values({ ...p, system_type: 'locker', address: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.app.db
        .insertInto('lockers')
        .values({ place_id: id, door_number: 1, size: 'M', created_at: now, updated_at: now })
        .execute();
    }
  });

  it('filters by type, mode and part of the name in any case', async () => {
    expect(await names({})).toEqual(['Alfa', 'bravo', 'charlie', 'Delta']);
    expect((await list({ max_results: 1 })).totalPlaces).toBe(4);
    expect(await names({ type: 'OFFICE' })).toEqual(['bravo', 'charlie']);
    expect(await names({ mode: 'maintenance' })).toEqual(['Alfa', 'charlie']);
    expect(await names({ type: 'DELIVERY', mode: 'normal' })).toEqual(['Delta']);
    // The search lowers both sides (PostgreSQL's LIKE minds case): "ZQ…" matches "Zq…".
    const upper = await callApi(ctx.app, token, API.locations.list, {
      query: { type: 'ALL', search: tag.toUpperCase() },
    });
    expect(upper.body.Data.totalPlaces).toBe(4);
    // The SPEC's default type is still OFFICE.
    const office = await callApi(ctx.app, token, API.locations.list, { query: { search: tag } });
    expect(office.body.Data.places.map((p) => p.type)).toEqual(['OFFICE', 'OFFICE']);
  });

  it('sorts on the server by name (any case) or type, ties by id', async () => {
    expect(await names({ sort: 'name', order: 'desc' })).toEqual(['Delta', 'charlie', 'bravo', 'Alfa']);
    expect(await names({ sort: 'type', order: 'asc' })).toEqual(['Alfa', 'Delta', 'bravo', 'charlie']);
    expect(await names({ sort: 'type', order: 'desc' })).toEqual(['charlie', 'bravo', 'Delta', 'Alfa']);
  });

  it('refuses bad query input with a 400 naming the field', async () => {
    // Values the typed query cannot hold, so the query strings are written out.
    for (const [bad, field] of [
      ['sort=lockers', 'sort'],
      ['order=up', 'order'],
      ['mode=party', 'mode'],
      ['type=SHOP', 'type'],
      [`search=${'x'.repeat(300)}`, 'search'],
    ] as const) {
      for (const path of [API.locations.list.path, API.locations.exportPlaces.path]) {
        const r = await call(ctx.app, token, { method: 'GET', url: `${path}?${bad}` });
        expect(r.status, `${path}?${bad}`).toBe(400);
        expect(JSON.stringify(r.body), bad).toContain(field);
      }
    }
  });

  it('lets only the roles that see locations list or export them', async () => {
    const status = async (role: 'security' | 'courier', request: InjectOptions) => {
      const { token: t } = await signIn(ctx.app, role);
      return (await ctx.app.inject({ ...request, headers: { authorization: `Bearer ${t}` } })).statusCode;
    };
    for (const request of [
      apiRequest(API.locations.list, {}),
      apiRequest(API.locations.exportPlaces, { query: { format: 'csv' } }),
    ]) {
      expect(await status('security', request)).toBe(200);
      expect(await status('courier', request)).toBe(403);
    }
  });

  it('exports the filtered locations in the list order, .csv with a BOM', async () => {
    const query = { mode: 'maintenance', sort: 'name', order: 'desc' } as const;
    const listed = await list(query);
    const res = await ctx.app.inject({
      ...apiRequest(API.locations.exportPlaces, {
        query: { type: 'ALL', search: tag, ...query, format: 'csv', language: 'en' },
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('locations.csv');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]!.slice(0, 5)).toEqual(['Location', 'Address', 'Type', 'Mode', 'Lockers']);
    expect(lines.slice(1).map((l) => l[0])).toEqual(listed.places.map((p) => p.name));
    expect(lines.slice(1).map((l) => [l[2], l[3], l[4]])).toEqual([
      ['Office', 'Maintenance', '1'],
      ['Delivery', 'Maintenance', '1'],
    ]);
  });
});
