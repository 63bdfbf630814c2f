import { beforeAll, expect, it } from 'vitest';
import { API, SEARCH_COUNT_CAP, type QueryOf } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';

/**
 * The accounts lists (/admins, /employees) on the list kit (issue #22): role and enabled filters,
 * the sort whitelist, and the text search's total capped at SEARCH_COUNT_CAP.
 */
describeEachDb('accounts lists: filters, sort, capped search totals', (ctx) => {
  let token: string;
  const tag = `ak${Date.now() % 100_000}`;

  type Query = QueryOf<typeof API.admins.list>;
  const list = async (path: 'admins' | 'employees', query: Query) => {
    const r = await callApi(ctx.app, token, path === 'admins' ? API.admins.list : API.admins.employees, {
      query,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const usernames = async (path: 'admins' | 'employees', query: Query) =>
    (await list(path, { search: tag, ...query })).accounts.map((a) => a.username);

  const insert = (
    rows: { username: string; name: string; role: string; enabled?: number; company?: string }[],
  ) => {
    const now = new Date().toISOString();
    return ctx.app.db
      .insertInto('admins')
      .values(
        rows.map((r) => ({
          username: r.username,
          name: r.name,
          email: null,
          role: r.role,
          company: r.company ?? null,
          password_hash: 'x',
          pin_hash: null,
          phone: null,
          enabled: r.enabled ?? 1,
          created_at: now,
          updated_at: now,
          password_changed_at: null,
        })),
      )
      .execute();
  };

  beforeAll(async () => {
    token = (await signIn(ctx.app, 'admin')).token;
    await insert([
      { username: `${tag}.c`, name: `Ana ${tag}`, role: 'editor' },
      { username: `${tag}.a`, name: `Rui ${tag}`, role: 'admin', enabled: 0 },
      { username: `${tag}.b`, name: `Eva ${tag}`, role: 'courier' },
      { username: `${tag}.e1`, name: `Zé ${tag}`, role: 'store', company: `Loja ${tag}` },
      { username: `${tag}.e2`, name: `Bia ${tag}`, role: 'store', company: `Loja ${tag}`, enabled: 0 },
    ]);
  });

  it('filters staff accounts by role and enabled, sorts on the server by a whitelisted column', async () => {
    expect(await usernames('admins', {})).toEqual([`${tag}.c`, `${tag}.b`, `${tag}.a`]);
    expect(await usernames('admins', { sort: 'username', order: 'asc' })).toEqual([
      `${tag}.a`,
      `${tag}.b`,
      `${tag}.c`,
    ]);
    expect(await usernames('admins', { sort: 'name', order: 'desc' })).toEqual([
      `${tag}.a`,
      `${tag}.b`,
      `${tag}.c`,
    ]);
    expect(await usernames('admins', { role: 'courier' })).toEqual([`${tag}.b`]);
    expect(await usernames('admins', { enabled: '0' })).toEqual([`${tag}.a`]);
    const upper = await list('admins', {
      search: tag.toUpperCase(),
      enabled: '1',
      sort: 'role',
      order: 'asc',
    });
    expect(upper.accounts.map((a) => a.username)).toEqual([`${tag}.b`, `${tag}.c`]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.admins.list.path}?sort=password_hash`,
    });
    expect(bad.status).toBe(400);
  });

  it('filters and sorts employees the same way, within their store', async () => {
    expect(await usernames('employees', { sort: 'name', order: 'asc' })).toEqual([`${tag}.e2`, `${tag}.e1`]);
    expect(await usernames('employees', { company: `Loja ${tag}`, enabled: '1' })).toEqual([`${tag}.e1`]);
  });

  it(`counts a text search exactly up to ${SEARCH_COUNT_CAP}, then answers a lower bound`, async () => {
    const common = `Mm${tag}`;
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 3 }, (_, i) => ({
      username: `${common}.${i}`,
      name: `${String(i).padStart(5, '0')} ${common}`,
      role: 'editor',
    }));
    for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
    const many = await list('admins', { search: common, max_results: 10 });
    expect(many.total).toBe(SEARCH_COUNT_CAP);
    expect(many.totalIsLowerBound).toBe(true);
    expect(many.accounts[0]!.name).toBe(`00000 ${common}`);
    const narrow = await list('admins', { search: `00007 ${common}` });
    expect(narrow.total).toBe(1);
    expect(narrow.totalIsLowerBound).toBeUndefined();
    // Without a text search the total stays exact.
    const all = await list('admins', { role: 'editor', max_results: 1 });
    expect(all.total).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(all.totalIsLowerBound).toBeUndefined();
  });
});
