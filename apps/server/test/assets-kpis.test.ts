import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { seedDemoAssets } from '../src/seed/demo-assets.js';
import { seedDemoPlaces } from '../src/seed/demo-places.js';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createAsset, insertLockerUser } from './helpers/asset-fixtures.js';

describeEachDb('asset KPIs', (ctx) => {
  it('counts uses from the logs over 15, 30 and 365 days with daily series', async () => {
    const a = await signIn(ctx.app, 'admin');
    const x = await createAsset(ctx.app, a.token, { name: 'Berbequim' });
    const u1 = await insertLockerUser(ctx.app, 'Ana');
    const u2 = await insertLockerUser(ctx.app, 'Bruno');
    const u3 = await insertLockerUser(ctx.app, 'Carla');
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const day = (ago: number, hour = 10) =>
      new Date(today - ago * 86_400_000 + hour * 3_600_000).toISOString();
    const use = (ago: number, who: { user?: [number, string]; admin?: [number, string] }, action = 5) => ({
      asset_id: x.id,
      asset_name: 'Berbequim',
      action_id: action,
      description: null,
      user_id: who.user?.[0] ?? null,
      username: who.user?.[1] ?? null,
      admin_id: who.admin?.[0] ?? null,
      admin_name: who.admin?.[1] ?? null,
      locker_id: null,
      door_number: null,
      drawer_metra_id: null,
      created_at: day(ago, 0),
    });
    const ana = { user: [u1, 'Ana'] as [number, string] };
    await ctx.app.db
      .insertInto('asset_logs')
      .values([
        use(0, ana),
        use(0, { user: [u2, 'Bruno'] }),
        use(5, ana),
        use(20, ana),
        use(20, ana),
        use(20, { admin: [a.id, 'Test admin'] }, 10),
        use(40, { user: [u3, 'Carla'] }),
        use(40, { user: [u3, 'Carla'] }),
        use(200, ana),
        use(400, { user: [u2, 'Bruno'] }),
        // Not uses: retrieval finished, tags, storage.
        use(1, ana, 6),
        use(1, ana, 8),
        use(2, { admin: [a.id, 'Test admin'] }, 11),
      ])
      .execute();
    const r = await callApi(ctx.app, a.token, API.assets.kpis, { params: { id: x.id } });
    expect(r.status).toBe(200);
    const k = r.body.Data;
    expect(k.totalUses).toBe(10);
    expect(k.last15Days).toMatchObject({ days: 15, totalUses: 3, averageDailyUses: 0.2, usesPerUser: 1.5 });
    expect(k.last15Days.users).toEqual([
      { userId: u1, adminId: null, name: 'Ana', uses: 2 },
      { userId: u2, adminId: null, name: 'Bruno', uses: 1 },
    ]);
    expect(k.last30Days).toMatchObject({ totalUses: 6, averageDailyUses: 0.2, usesPerUser: 2 });
    expect(k.last30Days.users).toContainEqual({ userId: null, adminId: a.id, name: 'Test admin', uses: 1 });
    expect(k.last365Days).toMatchObject({ totalUses: 9, averageDailyUses: 0.02, usesPerUser: 2.25 });
    expect(k.dailyUses.current).toHaveLength(30);
    expect(k.dailyUses.previous).toHaveLength(30);
    expect(k.dailyUses.current.at(-1)).toEqual({ date: day(0).slice(0, 10), uses: 2 });
    expect(k.dailyUses.current[24]).toEqual({ date: day(5).slice(0, 10), uses: 1 });
    expect(k.dailyUses.current[9]).toEqual({ date: day(20).slice(0, 10), uses: 3 });
    expect(k.dailyUses.previous[19]).toEqual({ date: day(40).slice(0, 10), uses: 2 });
    expect(k.dailyUses.current.reduce((s, d) => s + d.uses, 0)).toBe(6);
    expect(k.dailyUses.previous.reduce((s, d) => s + d.uses, 0)).toBe(2);

    const empty = await createAsset(ctx.app, a.token);
    const z = await callApi(ctx.app, a.token, API.assets.kpis, { params: { id: empty.id } });
    expect(z.body.Data).toMatchObject({
      totalUses: 0,
      last30Days: { totalUses: 0, usesPerUser: 0, averageDailyUses: 0, users: [] },
    });
    expect((await callApi(ctx.app, a.token, API.assets.kpis, { params: { id: 999999 } })).status).toBe(404);
    expect((await callApi(ctx.app, a.token, API.assets.kpis, { params: { id: 'abc' } })).status).toBe(400);
  });
});

describeEachDb('asset demo data', (ctx) => {
  it('seeds categories, assets in Sede lockers, consistent logs and the two demo warnings', async () => {
    const demo = { db: ctx.app.db, config: ctx.config, ids: {} as Record<string, number> };
    await seedDemoPlaces(demo);
    await seedDemoAssets(demo);
    const a = await signIn(ctx.app, 'admin');
    const list = await callApi(ctx.app, a.token, API.assets.list, { query: { max_results: 100 } });
    expect(list.body.Data.totalAssets).toBe(12);
    const warnings = await callApi(ctx.app, a.token, API.assets.warnings, {});
    expect(warnings.body.Data.map((w) => w.kind).sort()).toEqual(['shouldBeDetected', 'shouldBeUndetected']);
    for (const x of list.body.Data.assets) {
      // The last status log of each asset is its status; stored ones hold a Sede locker.
      const logs = await ctx.app.db
        .selectFrom('asset_logs')
        .select('action_id')
        .where('asset_id', '=', x.id)
        .where('action_id', '<=', 7)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(logs[0]?.action_id).toBe(x.status);
      if (x.status === 4) expect(x.lockers[0]).toMatchObject({ placeName: 'Sede' });
    }
    const stored = list.body.Data.assets.find((x) => x.name === 'Portátil Dell Latitude 01')!;
    const k = await callApi(ctx.app, a.token, API.assets.kpis, { params: { id: stored.id } });
    expect(k.body.Data.totalUses).toBeGreaterThan(5);
    expect(k.body.Data.last365Days.totalUses).toBe(k.body.Data.totalUses);
  });
});
