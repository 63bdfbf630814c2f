import { beforeAll, expect, it } from 'vitest';
import { readBook } from './helpers/spreadsheet.js';
import { API, SEARCH_COUNT_CAP, type QueryOf } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';

/**
 * The users list on the list kit (issue #22): filters and the sort whitelist, the export of the
 * filtered list (its rows equal the list's), bulk actions with a report per row, and the cap on a
 * text search's total.
 */
describeEachDb('users list: filters, sort, export, bulk, capped totals', (ctx) => {
  let token: string;
  const tag = `k${Date.now() % 100_000}`;
  const ids: Record<string, number> = {};
  let groupId: number;

  const list = async (query: QueryOf<typeof API.office.users>) => {
    const r = await callApi(ctx.app, token, API.office.users, { query });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const names = async (query: QueryOf<typeof API.office.users>) =>
    (await list(query)).users.map((u) => u.name);

  beforeAll(async () => {
    ({ token } = await signIn(ctx.app, 'admin'));
    const g = await callApi(ctx.app, token, API.office.createUserGroup, { body: { name: `Grupo ${tag}` } });
    groupId = g.body.Data.id;
    const people = [
      { name: `Beatriz ${tag}`, number: `${tag}-2`, userType: 'employee' },
      { name: `Abel ${tag}`, number: `${tag}-3`, userType: 'intern' },
      { name: `Carla ${tag}`, number: null, userType: 'employee' },
      { name: `=HYPERLINK("x") ${tag}`, number: `${tag}-1`, userType: 'employee' },
    ] as const;
    for (const p of people) {
      const r = await callApi(ctx.app, token, API.office.createUser, {
        body: { id: 0, login: '', numberPrefix: 'PT', obs: '', ...p },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids[p.name.split(' ')[0]!] = r.body.Data.id;
    }
  });

  it('sorts on the server by a whitelisted column, either way; anything else is invalidInput', async () => {
    const q = { search: tag, max_results: 10 };
    expect(await names({ ...q, sort: 'name', order: 'asc' })).toEqual([
      `=HYPERLINK("x") ${tag}`,
      `Abel ${tag}`,
      `Beatriz ${tag}`,
      `Carla ${tag}`,
    ]);
    // A user without a number comes last both ways.
    expect(await names({ ...q, sort: 'number', order: 'asc' })).toEqual([
      `=HYPERLINK("x") ${tag}`,
      `Beatriz ${tag}`,
      `Abel ${tag}`,
      `Carla ${tag}`,
    ]);
    expect(await names({ ...q, sort: 'number', order: 'desc' })).toEqual([
      `Abel ${tag}`,
      `Beatriz ${tag}`,
      `=HYPERLINK("x") ${tag}`,
      `Carla ${tag}`,
    ]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.office.users.path}?search=${tag}&max_results=10&sort=pin_digest`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Description).toBe('invalidInput');
  });

  it('bulk: disables several users, one report row each, a missing one refused with its code', async () => {
    const r = await callApi(ctx.app, token, API.office.bulkUsers, {
      body: { action: 'disable', ids: [ids.Abel!, ids.Carla!, 999_999, ids.Abel!] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.Data).toEqual({
      results: [
        { id: ids.Abel, ok: true, code: null },
        { id: ids.Carla, ok: true, code: null },
        { id: 999_999, ok: false, code: 'notFound' },
      ],
      succeeded: 2,
      failed: 1,
    });
    // Each change has its admin log row (11, user updated).
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select(['user_id', 'action'])
      .where('user_id', 'in', [ids.Abel!, ids.Carla!])
      .where('action', '=', 11)
      .execute();
    expect(logs).toHaveLength(2);
    expect(await names({ search: tag, enabled: '0' })).toEqual([`Abel ${tag}`, `Carla ${tag}`]);
  });

  it('bulk: adds users to a group; an unknown group refuses the whole request', async () => {
    const r = await callApi(ctx.app, token, API.office.bulkUsers, {
      body: { action: 'addToGroup', groupId, ids: [ids.Beatriz!, ids.Carla!] },
    });
    expect(r.body.Data.succeeded).toBe(2);
    expect(await names({ groupId, userType: 'employee' })).toEqual([`Beatriz ${tag}`, `Carla ${tag}`]);
    const none = await callApi(ctx.app, token, API.office.bulkUsers, {
      body: { action: 'addToGroup', groupId: 999_999, ids: [ids.Abel!] },
    });
    expect(none.status).toBe(404);
    const noGroup = await callApi(ctx.app, token, API.office.bulkUsers, {
      body: { action: 'addToGroup', ids: [ids.Abel!] },
    });
    expect(noGroup.status).toBe(400);
    const dash = await signIn(ctx.app, 'dash');
    const refused = await callApi(ctx.app, dash.token, API.office.bulkUsers, {
      body: { action: 'enable', ids: [ids.Abel!] },
    });
    expect(refused.status).toBe(403);
  });

  it('exports the filtered list as .csv (BOM, translated headers, formulas neutralised), rows as listed', async () => {
    const q = { search: tag, sort: 'number', order: 'desc' } as const;
    const listed = await names(q);
    const res = await ctx.app.inject({
      ...apiRequest(API.office.exportUsers, { query: { ...q, format: 'csv', language: 'en' } }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('users.csv');
    const text = res.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Internal no.,Email,Mobile,Type,Lockers,Groups,Enabled');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      listed.map((n) => (n.startsWith('=') ? `"'=HYPERLINK(""x"") ${tag}"` : n)),
    );
    expect(lines.find((l) => l.startsWith(`Carla ${tag}`))).toContain(`Grupo ${tag},No`);
  });

  it('exports .xlsx in Portuguese with the same rows', async () => {
    const q = { search: tag, enabled: '1' } as const;
    const listed = await names(q);
    const res = await ctx.app.inject({
      ...apiRequest(API.office.exportUsers, { query: q }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('utilizadores.xlsx');
    const book = readBook(res.rawPayload);
    const [header, ...rows] = book.sheet(book.names[0]!).rows;
    expect(header![0]).toBe('Nome');
    expect(rows.map((r) => r[0])).toEqual(listed.map((n) => (n.startsWith('=') ? `'${n}` : n)));
  });

  it(`counts a text search exactly up to ${SEARCH_COUNT_CAP}, then answers a lower bound; exports every row past it`, async () => {
    const now = new Date().toISOString();
    const common = `Ww${tag}`;
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, i) => ({
      name: `${String(i).padStart(5, '0')} ${common}`,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await ctx.app.db
        .insertInto('locker_users')
        .values(rows.slice(i, i + 500))
        .execute();
    const many = await list({ search: common, max_results: 10 });
    expect(many.totalUsers).toBe(SEARCH_COUNT_CAP);
    expect(many.totalIsLowerBound).toBe(true);
    expect(many.users[0]!.name).toBe(`00000 ${common}`);
    // Through the plain LIKE path (two characters) and with another filter, the same cap.
    const filtered = await list({ search: common, enabled: '1', max_results: 10 });
    expect(filtered.totalIsLowerBound).toBe(true);
    const narrow = await list({ search: `0999 ${common}`, max_results: 10 });
    expect(narrow.totalUsers).toBe(1);
    expect(narrow.totalIsLowerBound).toBeUndefined();
    // No filter at all: past the cap too, the users are not all counted (issue #34).
    const everyone = await list({ max_results: 1 });
    expect(everyone.totalUsers).toBe(SEARCH_COUNT_CAP);
    expect(everyone.totalIsLowerBound).toBe(true);
    // The export reads past the cap and past many chunks, in order.
    const res = await ctx.app.inject({
      ...apiRequest(API.office.exportUsers, {
        query: { search: common, format: 'csv', sort: 'name', order: 'desc' },
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    const lines = res.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(SEARCH_COUNT_CAP + 5 + 1);
    expect(lines[1]!.split(',')[0]).toBe(`${String(SEARCH_COUNT_CAP + 4).padStart(5, '0')} ${common}`);
    expect(lines.at(-1)!.split(',')[0]).toBe(`00000 ${common}`);
  });
});
