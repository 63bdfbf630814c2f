import { beforeAll, expect, it } from 'vitest';
import { API, type LockerUser } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';

/**
 * The users' text filter goes through a trigram index from three characters on (SQLite FTS5,
 * PostgreSQL pg_trgm) and through plain LIKE below that: both must find the same users.
 */
describeEachDb('locker users text filter', (ctx) => {
  let token: string;
  const tag = `q${Date.now() % 100_000}`;
  const create = async (payload: { name: string; email?: string; phone_number?: string; number: string }) => {
    const r = await callApi(ctx.app, token, API.office.createUser, {
      body: { id: 0, login: '', numberPrefix: 'PT', obs: '', ...payload },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const names = async (search: string) => {
    const r = await callApi(ctx.app, token, API.office.users, {
      query: { max_results: 50, offset: '0', search },
    });
    expect(r.status).toBe(200);
    expect(r.body.Data.totalUsers).toBe(r.body.Data.users.length);
    return r.body.Data.users.map((u) => u.name).sort();
  };

  let joao: LockerUser;
  beforeAll(async () => {
    ({ token } = await signIn(ctx.app, 'admin'));
    joao = await create({ name: `João Gonçalves ${tag}`, email: `jg.${tag}@cacifo.pt`, number: `N${tag}A` });
    await create({ name: `Maria Lopes ${tag}`, phone_number: '961234570', number: `N${tag}B` });
    await create({ name: `Rui 100%_${tag}`, number: `N${tag}C` });
  });

  it('finds a substring of any of the columns, in any case, accents included', async () => {
    expect(await names(`gonçalves ${tag}`)).toEqual([`João Gonçalves ${tag}`]);
    expect(await names(`JOÃO GONÇALVES ${tag}`)).toEqual([`João Gonçalves ${tag}`]);
    expect(await names(`jg.${tag}@`)).toEqual([`João Gonçalves ${tag}`]);
    expect(await names(`n${tag}b`)).toEqual([`Maria Lopes ${tag}`]);
    expect(await names('61234570')).toEqual([`Maria Lopes ${tag}`]);
    expect(await names(tag)).toHaveLength(3);
  });

  it('treats quotes, wildcards and query syntax as plain text', async () => {
    expect(await names(`100%_${tag}`)).toEqual([`Rui 100%_${tag}`]);
    expect(await names(`"${tag}`)).toEqual([]);
    expect(await names(`${tag} OR x`)).toEqual([]);
    expect(await names(`%_${tag}`)).toEqual([`Rui 100%_${tag}`]);
  });

  it('follows edits: the new name is found, the old one no longer', async () => {
    const r = await callApi(ctx.app, token, API.office.updateUser, {
      body: { ...joao, name: `Joana Serra ${tag}` },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await names(`gonçalves ${tag}`)).toEqual([]);
    expect(await names(`serra ${tag}`)).toEqual([`Joana Serra ${tag}`]);
  });

  it('pages a term with more than a thousand matches by name, with the exact total', async () => {
    const now = new Date().toISOString();
    const common = `Zz${tag}`;
    const rows = Array.from({ length: 1_050 }, (_, i) => ({
      name: `${String(i).padStart(4, '0')} ${common}`,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await ctx.app.db
        .insertInto('locker_users')
        .values(rows.slice(i, i + 200))
        .execute();
    const r = await callApi(ctx.app, token, API.office.users, {
      query: { max_results: 50, offset: 100, search: common.toLowerCase() },
    });
    expect(r.body.Data.totalUsers).toBe(1_050);
    expect(r.body.Data.users.map((u) => u.name)).toEqual(rows.slice(100, 150).map((x) => x.name));
  });

  it('still filters on one or two characters, without the index', async () => {
    const two = await names('%_');
    expect(two).toContain(`Rui 100%_${tag}`);
    expect(two.every((n) => n.includes('%_'))).toBe(true);
  });
});
