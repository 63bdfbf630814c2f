import { expect, it } from 'vitest';
import { API, type QueryOf } from '@cacifo/contract';
import { callApi, describeEachDb, signIn, call } from './helpers/test-app.js';
import { createAsset, insertLockerUser, insertSchedule } from './helpers/asset-fixtures.js';

describeEachDb('asset users, schedules and logs', (ctx) => {
  it('manages who may retrieve it and their schedules', async () => {
    const a = await signIn(ctx.app, 'editor');
    const asset = await createAsset(ctx.app, a.token);
    const ana = await insertLockerUser(ctx.app, 'Ana Silva');
    const s1 = await insertSchedule(ctx.app, 'Manhãs');
    const s2 = await insertSchedule(ctx.app, 'Tardes');
    const add = await callApi(ctx.app, a.token, API.assets.addUser, {
      body: { AssetId: asset.id, UserId: ana },
    });
    expect(add.body.Data.retrievedBy).toEqual([{ id: ana, name: 'Ana Silva', scheduleIds: [] }]);
    const mine = await callApi(ctx.app, a.token, API.assets.userAssets, { query: { userId: ana } });
    expect(mine.body.Data.map((x) => x.id)).toEqual([asset.id]);
    const us = await callApi(ctx.app, a.token, API.assets.addUserSchedules, {
      query: { assetId: asset.id, userId: ana, scheduleIds: `${s1},${s2}` },
    });
    expect(us.body.Data.retrievedBy[0]!.scheduleIds).toEqual([s1, s2]);
    const usr = await callApi(ctx.app, a.token, API.assets.removeUserSchedules, {
      query: { assetId: asset.id, userId: ana, scheduleIds: `${s1}` },
    });
    expect(usr.body.Data.retrievedBy[0]!.scheduleIds).toEqual([s2]);
    const as = await callApi(ctx.app, a.token, API.assets.addSchedules, {
      query: { assetId: asset.id, scheduleIds: `${s1}` },
    });
    expect(as.body.Data.schedules).toEqual([s1]);
    const asr = await callApi(ctx.app, a.token, API.assets.removeSchedules, {
      query: { assetId: asset.id, scheduleIds: `${s1}` },
    });
    expect(asr.body.Data.schedules).toEqual([]);

    const badSchedule = await callApi(ctx.app, a.token, API.assets.addSchedules, {
      query: { assetId: asset.id, scheduleIds: `${s1},999999` },
    });
    expect([badSchedule.status, badSchedule.body.Description]).toEqual([404, 'notFound']);
    expect(
      (
        await callApi(ctx.app, a.token, API.assets.addSchedules, {
          query: { assetId: asset.id, scheduleIds: '1;2' },
        })
      ).status,
    ).toBe(400);
    const other = await insertLockerUser(ctx.app, 'Rui Costa');
    const notOwner = await callApi(ctx.app, a.token, API.assets.addUserSchedules, {
      query: { assetId: asset.id, userId: other, scheduleIds: `${s1}` },
    });
    expect([notOwner.status, notOwner.body.Description]).toEqual([404, 'assetUserNotExist']);
    const unknownUser = await callApi(ctx.app, a.token, API.assets.addUser, {
      body: { AssetId: asset.id, UserId: 999999 },
    });
    expect([unknownUser.status, unknownUser.body.Description]).toEqual([404, 'assetUserNotExist']);
    const rm = await callApi(ctx.app, a.token, API.assets.removeUser, {
      body: { AssetId: asset.id, UserId: ana },
    });
    expect(rm.body.Data.retrievedBy).toEqual([]);
    const rmAgain = await callApi(ctx.app, a.token, API.assets.removeUser, {
      body: { AssetId: asset.id, UserId: ana },
    });
    expect(rmAgain.status).toBe(404);
    expect(
      // No UserId: the typed body requires it.
      (
        await call(ctx.app, a.token, {
          method: 'POST',
          url: API.assets.addUser.path,
          payload: { AssetId: asset.id },
        })
      ).status,
    ).toBe(400);
  });

  it('lists logs with filters, a date interval and the total', async () => {
    const a = await signIn(ctx.app, 'admin');
    const x = await createAsset(ctx.app, a.token, { name: 'Projetor X' });
    await callApi(ctx.app, a.token, API.assets.disable, { query: { assetId: x.id } });
    await callApi(ctx.app, a.token, API.assets.enable, { query: { assetId: x.id } });
    const logs = (query: QueryOf<typeof API.assets.logs>) =>
      callApi(ctx.app, a.token, API.assets.logs, { query });
    const all = await logs({ assetId: x.id, max_results: 2 });
    expect(all.body.Data.totalLogs).toBe(3);
    expect(all.body.Data.logs.map((l) => l.actionId)).toEqual([12, 13]);
    expect(all.body.Data.logs[0]).toMatchObject({
      assetId: x.id,
      assetName: 'Projetor X',
      adminId: a.id,
      adminName: 'Test admin',
      userId: null,
    });
    expect((await logs({ assetId: x.id, actionId: '12,13' })).body.Data.totalLogs).toBe(2);
    expect((await logs({ search: 'projetor x', adminId: a.id })).body.Data.totalLogs).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await logs({ assetId: x.id, createdAtInterval: `${today}|${today}` })).body.Data.totalLogs).toBe(
      3,
    );
    expect(
      (await logs({ assetId: x.id, createdAtInterval: '2020-01-01|2020-01-31' })).body.Data.totalLogs,
    ).toBe(0);
    const bad = await logs({ createdAtInterval: '2020-02-01|2020-01-01' });
    expect([bad.status, bad.body.Data]).toEqual([
      400,
      { 'query.createdAtInterval': 'validation.dateInterval' },
    ]);
    const one = await callApi(ctx.app, a.token, API.assets.assetLogs, {
      query: { assetId: x.id, max_results: 1 },
    });
    expect(one.body.Data.map((l) => l.actionId)).toEqual([12]);
    const missing = await callApi(ctx.app, a.token, API.assets.assetLogs, { query: { assetId: 999999 } });
    expect(missing.status).toBe(404);
  });
});
