import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import { API, type CallInput, type CreateAssetRequest } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { adminLogActions, assetLogActions, createAsset } from './helpers/asset-fixtures.js';

describeEachDb('assets', (ctx) => {
  it('creates, reads, updates and deletes an asset, logging each change', async () => {
    const a = await signIn(ctx.app, 'admin');
    const cat = await callApi(ctx.app, a.token, API.assets.createCategory, {
      body: { name: 'Câmaras', icon: 'camera', size: 'L' },
    });
    const asset = await createAsset(ctx.app, a.token, {
      name: 'Câmara 1',
      tag: 'E200-0001',
      category: [cat.body.Data.id],
    });
    expect(asset).toMatchObject({
      name: 'Câmara 1',
      tag: 'E200-0001',
      status: 1,
      tagStatus: 0,
      enabled: 1,
      isRandomLocker: true,
      size: 'L',
      categories: [{ id: cat.body.Data.id, name: 'Câmaras' }],
      lockers: [],
      retrievedBy: [],
      warning: null,
    });
    const read = () => callApi(ctx.app, a.token, API.assets.asset, { query: { assetId: asset.id } });
    const got = await read();
    expect(got.body.Data).toEqual(asset);
    const upd = await callApi(ctx.app, a.token, API.assets.update, {
      body: {
        updatedAt: await versionOf(ctx.app, 'assets', asset.id),
        id: asset.id,
        name: 'Câmara A',
        tag: 'E200-0001',
        description: 'Sony',
        isRandomLocker: false,
        category: [],
      },
    });
    expect(upd.body.Data).toMatchObject({
      name: 'Câmara A',
      description: 'Sony',
      isRandomLocker: false,
      categories: [],
      status: 1,
    });
    expect(await assetLogActions(ctx.app, asset.id)).toEqual([1, 7]);
    const del = await callApi(ctx.app, a.token, API.assets.remove, { body: { assetId: asset.id } });
    expect(del.status).toBe(200);
    const gone = await read();
    expect([gone.status, gone.body.Description]).toEqual([404, 'assetNotExist']);
    // 120: the category the asset was filed under, created by the same admin.
    expect(await adminLogActions(ctx.app, a.id)).toEqual([120, 100, 101, 102]);
    // The history outlives the asset.
    expect(await assetLogActions(ctx.app, asset.id)).toEqual([1, 7]);
  });

  it('refuses bad input with its code and status, changing nothing', async () => {
    const a = await signIn(ctx.app, 'admin');
    const first = await createAsset(ctx.app, a.token, { tag: 'DUP-1' });
    const post = (body: CreateAssetRequest) => callApi(ctx.app, a.token, API.assets.create, { body });
    const before = await callApi(ctx.app, a.token, API.assets.list, {});
    const long = await post({ name: 'x'.repeat(51), tag: 'T-1' });
    expect([long.status, long.body.Data]).toEqual([400, { 'body.name': 'validation.assetNameLength' }]);
    expect((await post({ name: '', tag: 'T-1' })).body.Data).toMatchObject({
      'body.name': 'validation.required',
    });
    expect((await post({ name: 'A', tag: 'bad tag!' })).body.Data).toMatchObject({
      'body.tag': 'validation.tagFormat',
    });
    const dup = await post({ name: 'A', tag: 'DUP-1' });
    expect([dup.status, dup.body.Description]).toEqual([409, 'tagInUse']);
    const cat = await post({ name: 'A', tag: 'T-2', category: [424242] });
    expect([cat.status, cat.body.Description]).toEqual([404, 'categoryNotExist']);
    const put = await callApi(ctx.app, a.token, API.assets.update, {
      body: { updatedAt: await versionOf(ctx.app, 'assets', 999999), id: 999999, name: 'A', tag: 'T-3' },
    });
    expect([put.status, put.body.Description]).toEqual([404, 'assetNotExist']);
    // A text id in the body is past the types: sent as it is.
    const del = await call(ctx.app, a.token, {
      method: 'DELETE',
      url: API.assets.remove.path,
      payload: { assetId: 'x' },
    });
    expect(del.status).toBe(400);
    const after = await callApi(ctx.app, a.token, API.assets.list, {});
    expect(after.body.Data.totalAssets).toBe(before.body.Data.totalAssets);
    expect(await assetLogActions(ctx.app, first.id)).toEqual([1]);
  });

  it('pages and filters the list on the server', async () => {
    const a = await signIn(ctx.app, 'admin');
    const cat = await callApi(ctx.app, a.token, API.assets.createCategory, {
      body: { name: 'Tablets', icon: 'tablet', size: 'S' },
    });
    for (let i = 1; i <= 5; i++)
      await createAsset(ctx.app, a.token, {
        name: `Tablet ${i}`,
        tag: `TAB-${i}`,
        category: i <= 2 ? [cat.body.Data.id] : [],
      });
    const list = (query: CallInput<typeof API.assets.list>['query']) =>
      callApi(ctx.app, a.token, API.assets.list, { query });
    const page = await list({ search: 'tablet', max_results: 2, offset: 2 });
    expect(page.body.Data.totalAssets).toBe(5);
    expect(page.body.Data.assets.map((x) => x.name)).toEqual(['Tablet 3', 'Tablet 4']);
    expect((await list({ categoryId: cat.body.Data.id })).body.Data.totalAssets).toBe(2);
    expect((await list({ search: 'TAB-5' })).body.Data.assets.map((x) => x.tag)).toEqual(['TAB-5']);
    expect((await list({ search: 'tablet', status: '4' })).body.Data.totalAssets).toBe(0);
    expect((await list({ max_results: 0 })).status).toBe(400);
    expect((await list({ status: 'a,b' })).status).toBe(400);
  });

  it('enables and disables with separate calls, logging 12 and 13 in both logs', async () => {
    const a = await signIn(ctx.app, 'admin');
    const asset = await createAsset(ctx.app, a.token);
    const disable = () => callApi(ctx.app, a.token, API.assets.disable, { query: { assetId: asset.id } });
    const dis = await disable();
    expect(dis.body.Data.enabled).toBe(0);
    await disable();
    const enable = (assetId: number) => callApi(ctx.app, a.token, API.assets.enable, { query: { assetId } });
    const en = await enable(asset.id);
    expect(en.body.Data.enabled).toBe(1);
    expect(await assetLogActions(ctx.app, asset.id)).toEqual([1, 13, 12]);
    expect(await adminLogActions(ctx.app, a.id)).toEqual([100, 113, 112]);
    const missing = await enable(777777);
    expect([missing.status, missing.body.Description]).toEqual([404, 'assetNotExist']);
    // Without its assetId the query is past the types: sent as it is.
    expect((await call(ctx.app, a.token, { method: 'GET', url: API.assets.enable.path })).status).toBe(400);
  });

  it('answers every remaining failure path with its code and status', async () => {
    const a = await signIn(ctx.app, 'admin');
    const x = await createAsset(ctx.app, a.token);
    const expectFail = async (
      p: Promise<{ status: number; body: { Description: string } }>,
      status: number,
      code: string,
    ) => {
      const r = await p;
      expect([r.status, r.body.Description]).toEqual([status, code]);
    };
    const api = API.assets;
    await expectFail(
      callApi(ctx.app, a.token, api.asset, { query: { assetId: 'abc' } }),
      400,
      'invalidInput',
    );
    await expectFail(
      callApi(ctx.app, a.token, api.userAssets, { query: { userId: 'x' } }),
      400,
      'invalidInput',
    );
    // Without its assetId the query is past the types: sent as it is.
    await expectFail(
      call(ctx.app, a.token, { method: 'GET', url: `${api.assetLogs.path}?max_results=5` }),
      400,
      'invalidInput',
    );
    await expectFail(
      callApi(ctx.app, a.token, api.addSchedules, { query: { assetId: 999999, scheduleIds: '1' } }),
      404,
      'assetNotExist',
    );
    await expectFail(
      callApi(ctx.app, a.token, api.removeUserSchedules, {
        query: { assetId: 999999, userId: 1, scheduleIds: '1' },
      }),
      404,
      'assetNotExist',
    );
    await expectFail(
      callApi(ctx.app, a.token, api.openForRetrieval, { query: { assetId: 999999 } }),
      404,
      'assetNotExist',
    );
    await expectFail(
      callApi(ctx.app, a.token, api.openForStorage, { query: { assetId: x.id, lockerId: 0 } }),
      400,
      'invalidInput',
    );
    await expectFail(
      callApi(ctx.app, a.token, api.logs, { query: { createdAtInterval: '2020-1-1|2020-01-02' } }),
      400,
      'invalidInput',
    );
    const delMissing = callApi(ctx.app, a.token, api.remove, { body: { assetId: 999999 } });
    await expectFail(delMissing, 404, 'assetNotExist');
    const rmMissing = callApi(ctx.app, a.token, api.removeUser, { body: { AssetId: 999999, UserId: 1 } });
    await expectFail(rmMissing, 404, 'assetNotExist');
    const c1 = await callApi(ctx.app, a.token, api.createCategory, {
      body: { name: 'Um', icon: 'box', size: 'S' },
    });
    await callApi(ctx.app, a.token, api.createCategory, { body: { name: 'Dois', icon: 'box', size: 'S' } });
    const rename = callApi(ctx.app, a.token, api.updateCategory, {
      body: {
        updatedAt: await versionOf(ctx.app, 'asset_categories', c1.body.Data.id),
        id: c1.body.Data.id,
        name: 'DOIS',
        icon: 'box',
        size: 'S',
      },
    });
    await expectFail(rename, 409, 'categoryNameExists');
    const e = await signIn(ctx.app, 'editor');
    await expectFail(callApi(ctx.app, e.token, api.warnings, {}), 403, 'forbidden');
    // Nothing above changed the asset.
    expect(await assetLogActions(ctx.app, x.id)).toEqual([1]);
  });
});
