import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint, type QueryOf } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { createPlace } from './helpers/fixtures.js';
import { callApi, describeEachDb, signIn, apiRequest, call } from './helpers/test-app.js';

/**
 * The assets and asset logs lists on the list kit (issue #22): filters (status, location, user
 * group; logs by action, actor in any case and days), the sort whitelist, and the export of the
 * filtered list (its rows equal the list's, in its order), on both databases.
 */
describeEachDb('assets lists: filters, sort, export', (ctx) => {
  let token: string;
  const tag = `AK${Date.now() % 100_000}`;
  const ids: Record<string, number> = {};
  let placeId: number;
  let groupId: number;

  const get = async <E extends Endpoint>(endpoint: E, input: CallInput<E>) => {
    const r = await callApi(ctx.app, token, endpoint, input);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const assets = async (query: QueryOf<typeof API.assets.list>) =>
    (await get(API.assets.list, { query: { search: tag, ...query } })).assets.map((a) => a.name);
  const logs = async (query: QueryOf<typeof API.assets.logs>) =>
    (await get(API.assets.logs, { query: { search: tag, ...query } })).logs.map(
      (l) => `${l.assetName}:${l.actionId}`,
    );
  const csv = async <E extends Endpoint>(endpoint: E, input: CallInput<E>) => {
    const res = await ctx.app.inject({
      ...apiRequest(endpoint, input),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    return res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
  };

  beforeAll(async () => {
    ({ token } = await signIn(ctx.app, 'admin'));
    const place = await createPlace(ctx.app, { doors: 2, type: 'ASSETS' });
    placeId = place.placeId;
    const g = await callApi(ctx.app, token, API.office.createUserGroup, { body: { name: `Grupo ${tag}` } });
    groupId = g.body.Data.id;
    const lockers = await ctx.app.db
      .selectFrom('lockers')
      .select('id')
      .where('place_id', '=', placeId)
      .orderBy('door_number')
      .execute();
    // name, tag, status, created day, stored in locker n, retrievable by the group
    const rows = [
      { name: `beta ${tag}`, tag: `${tag}-3`, status: 4, day: '2026-01-02', locker: 0, group: true },
      { name: `Alfa ${tag}`, tag: `${tag}-1`, status: 1, day: '2026-01-03', locker: null, group: true },
      { name: `Gama ${tag}`, tag: `${tag}-2`, status: 4, day: '2026-01-01', locker: 1, group: false },
    ];
    for (const r of rows) {
      const at = `${r.day}T10:00:00.000Z`;
      const { id } = await ctx.app.db
        .insertInto('assets')
        .values({
          name: r.name,
          tag: r.tag,
          status: r.status,
          created_at: at,
          updated_at: at,
          status_change_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[r.name] = id;
      if (r.locker !== null) {
        await ctx.app.db
          .insertInto('asset_lockers')
          .values({ asset_id: id, locker_id: lockers[r.locker]!.id, created_at: nowIso() })
          .execute();
      }
      if (r.group) {
        await ctx.app.db
          .insertInto('asset_groups')
          .values({ asset_id: id, group_id: groupId, created_at: nowIso() })
          .execute();
      }
    }
    const logRows = [
      { asset: `Alfa ${tag}`, action: 1, day: '2026-02-01', user: null, admin: 'Admin Ana' },
      { asset: `beta ${tag}`, action: 4, day: '2026-02-02', user: 'Rui Costa', admin: null },
      { asset: `Gama ${tag}`, action: 10, day: '2026-02-03', user: null, admin: 'Admin Ana' },
      { asset: `beta ${tag}`, action: 6, day: '2026-02-04', user: 'Rui Costa', admin: null },
    ];
    for (const l of logRows) {
      await ctx.app.db
        .insertInto('asset_logs')
        .values({
          asset_id: ids[l.asset]!,
          asset_name: l.asset,
          action_id: l.action,
          username: l.user,
          admin_name: l.admin,
          created_at: `${l.day}T09:00:00.000Z`,
        })
        .execute();
    }
  });

  it('assets: by name in any case unless sorted; status, location and group filters; the whitelist', async () => {
    expect(await assets({})).toEqual([`Alfa ${tag}`, `beta ${tag}`, `Gama ${tag}`]);
    expect(await assets({ sort: 'name', order: 'desc' })).toEqual([
      `Gama ${tag}`,
      `beta ${tag}`,
      `Alfa ${tag}`,
    ]);
    expect(await assets({ sort: 'tag', order: 'asc' })).toEqual([
      `Alfa ${tag}`,
      `Gama ${tag}`,
      `beta ${tag}`,
    ]);
    expect(await assets({ sort: 'createdAt', order: 'desc' })).toEqual([
      `Alfa ${tag}`,
      `beta ${tag}`,
      `Gama ${tag}`,
    ]);
    expect(await assets({ status: '4', sort: 'tag', order: 'desc' })).toEqual([`beta ${tag}`, `Gama ${tag}`]);
    expect(await assets({ placeId })).toEqual([`beta ${tag}`, `Gama ${tag}`]);
    expect(await assets({ groupId })).toEqual([`Alfa ${tag}`, `beta ${tag}`]);
    expect(await assets({ groupId, placeId })).toEqual([`beta ${tag}`]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.assets.list.path}?sort=description`,
    });
    expect(bad.status).toBe(400);
  });

  it('assets: the export has the filtered list in its order, labels in the language', async () => {
    const lines = await csv(API.assets.exportAssets, {
      query: { search: tag, placeId, sort: 'tag', order: 'desc', format: 'csv', language: 'en' },
    });
    expect(lines[0]!.slice(0, 2)).toEqual(['Name', 'RFID tag']);
    expect(lines.slice(1).map((l) => l[0])).toEqual([`beta ${tag}`, `Gama ${tag}`]);
    const pt = await csv(API.assets.exportAssets, {
      query: { search: tag, sort: 'name', format: 'csv', language: 'pt' },
    });
    expect(pt[0]![0]).toBe('Nome');
    expect(pt.slice(1).map((l) => l[0])).toEqual(await assets({ sort: 'name' }));
  });

  it('asset logs: newest first; action, actor (any case) and days; sort; export equals the list', async () => {
    expect(await logs({})).toEqual([`beta ${tag}:6`, `Gama ${tag}:10`, `beta ${tag}:4`, `Alfa ${tag}:1`]);
    expect(await logs({ actor: 'rui COSTA' })).toEqual([`beta ${tag}:6`, `beta ${tag}:4`]);
    expect(await logs({ actionId: '1,10', sort: 'createdAt', order: 'asc' })).toEqual([
      `Alfa ${tag}:1`,
      `Gama ${tag}:10`,
    ]);
    expect(
      await logs({ createdAtInterval: '2026-02-02|2026-02-03', sort: 'assetName', order: 'asc' }),
    ).toEqual([`beta ${tag}:4`, `Gama ${tag}:10`]);
    expect(await logs({ sort: 'actionId', order: 'desc' })).toEqual([
      `Gama ${tag}:10`,
      `beta ${tag}:6`,
      `beta ${tag}:4`,
      `Alfa ${tag}:1`,
    ]);
    const total = await get(API.assets.logs, { query: { search: tag, actor: 'ana' } });
    expect(total.totalLogs).toBe(2);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, { method: 'GET', url: `${API.assets.logs.path}?sort=username` });
    expect(bad.status).toBe(400);

    const lines = await csv(API.assets.exportLogs, {
      query: { search: tag, actor: 'ana', sort: 'createdAt', order: 'asc', format: 'csv', language: 'en' },
    });
    expect(lines[0]!.slice(0, 4)).toEqual(['Date', 'Asset', 'Action', 'By']);
    expect(lines.slice(1).map((l) => l[1])).toEqual([`Alfa ${tag}`, `Gama ${tag}`]);
    expect(lines.slice(1).map((l) => l[3])).toEqual(['Admin Ana', 'Admin Ana']);
  });
});
