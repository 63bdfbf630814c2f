import { beforeAll, expect, it } from 'vitest';
import { API, type QueryOf } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';

/**
 * The expired office lockers on the list kit (issue #22): by location and user name (any case),
 * sorted on the server by a whitelisted column, and exported with the list's rows in its order.
 */
describeEachDb('expired office lockers list: filters, sort, export', (ctx) => {
  let token: string;
  const tag = `XL${Date.now() % 100_000}`;
  let placeA: number;
  let placeB: number;
  const ids: Record<string, number> = {};

  type Query = QueryOf<typeof API.office.expiredLockers>;
  const list = async (query: Query) => {
    const r = await callApi(ctx.app, token, API.office.expiredLockers, { query });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const mine = async (query: Query) =>
    (await list(query)).filter((l) => l.placeId === placeA || l.placeId === placeB).map((l) => l.id);

  beforeAll(async () => {
    token = (await signIn(ctx.app, 'admin')).token;
    const a = await createPlace(ctx.app, { name: `A ${tag}`, doors: 2 });
    const b = await createPlace(ctx.app, { name: `B ${tag}`, doors: 1 });
    placeA = a.placeId;
    placeB = b.placeId;
    const lockers = { a1: a.lockers[0]!.id, a2: a.lockers[1]!.id, b1: b.lockers[0]!.id };
    // Expired 3, 1 and 2 hours ago; each held by one user.
    const hoursAgo = { a1: 3, a2: 1, b1: 2 };
    const names = { a1: `Rita ${tag}`, a2: `Duarte ${tag}`, b1: `Inês ${tag}` };
    for (const key of ['a1', 'a2', 'b1'] as const) {
      const u = await callApi(ctx.app, token, API.office.createUser, {
        body: { id: 0, name: names[key], login: '', numberPrefix: 'PT', email: '', nif: '', obs: '' },
      });
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      const at = new Date(Date.now() - hoursAgo[key] * 3_600_000).toISOString();
      const r = await callApi(ctx.app, token, API.office.addLockers, {
        body: { userId: u.body.Data.id, lockerIds: [lockers[key]], expiresAt: at },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids[key] = lockers[key];
    }
  });

  it('sorts by expiry (longest expired first), place or door, and filters by place and user', async () => {
    expect(await mine({})).toEqual([ids.a1, ids.b1, ids.a2]);
    expect(await mine({ sort: 'expiredAt', order: 'desc' })).toEqual([ids.a2, ids.b1, ids.a1]);
    expect(await mine({ sort: 'place', order: 'desc' })).toEqual([ids.b1, ids.a2, ids.a1]);
    expect(await mine({ placeId: placeA })).toEqual([ids.a1, ids.a2]);
    expect(await mine({ search: `duarte ${tag.toLowerCase()}` })).toEqual([ids.a2]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.office.expiredLockers.path}?sort=size`,
    });
    expect(bad.status).toBe(400);
  });

  it('exports the filtered list in its order', async () => {
    const res = await ctx.app.inject({
      ...apiRequest(API.office.exportExpiredLockers, {
        query: { search: tag, sort: 'expiredAt', order: 'desc', format: 'csv', language: 'en' },
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('expired-lockers.csv');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Location,Door,Size,Users,Expired');
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual([
      `Duarte ${tag}`,
      `Inês ${tag}`,
      `Rita ${tag}`,
    ]);
  });
});
