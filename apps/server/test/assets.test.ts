import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import type { Asset, AssetCategory, ListAssetsReply } from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { adminLogActions, assetLogActions, createAsset } from './helpers/asset-fixtures.js';

describeEachDb('assets', (ctx) => {
  it('creates, reads, updates and deletes an asset, logging each change', async () => {
    const a = await signIn(ctx.app, 'admin');
    const cat = await call<AssetCategory>(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/category',
      payload: { name: 'Câmaras', icon: 'camera', size: 'L' },
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
    const got = await call<Asset>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/asset/asset?assetId=${asset.id}`,
    });
    expect(got.body.Data).toEqual(asset);
    const upd = await call<Asset>(ctx.app, a.token, {
      method: 'PUT',
      url: '/api/asset/asset',
      payload: {
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
    const del = await call(ctx.app, a.token, {
      method: 'DELETE',
      url: '/api/asset/asset',
      payload: { assetId: asset.id },
    });
    expect(del.status).toBe(200);
    const gone = await call(ctx.app, a.token, { method: 'GET', url: `/api/asset/asset?assetId=${asset.id}` });
    expect([gone.status, gone.body.Description]).toEqual([404, 'assetNotExist']);
    // 120: the category the asset was filed under, created by the same admin.
    expect(await adminLogActions(ctx.app, a.id)).toEqual([120, 100, 101, 102]);
    // The history outlives the asset.
    expect(await assetLogActions(ctx.app, asset.id)).toEqual([1, 7]);
  });

  it('refuses bad input with its code and status, changing nothing', async () => {
    const a = await signIn(ctx.app, 'admin');
    const first = await createAsset(ctx.app, a.token, { tag: 'DUP-1' });
    const post = (payload: object) =>
      call(ctx.app, a.token, { method: 'POST', url: '/api/asset/asset', payload });
    const before = await call<ListAssetsReply>(ctx.app, a.token, {
      method: 'GET',
      url: '/api/asset/listAssets',
    });
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
    const put = await call(ctx.app, a.token, {
      method: 'PUT',
      url: '/api/asset/asset',
      payload: { updatedAt: await versionOf(ctx.app, 'assets', 999999), id: 999999, name: 'A', tag: 'T-3' },
    });
    expect([put.status, put.body.Description]).toEqual([404, 'assetNotExist']);
    const del = await call(ctx.app, a.token, {
      method: 'DELETE',
      url: '/api/asset/asset',
      payload: { assetId: 'x' },
    });
    expect(del.status).toBe(400);
    const after = await call<ListAssetsReply>(ctx.app, a.token, {
      method: 'GET',
      url: '/api/asset/listAssets',
    });
    expect(after.body.Data.totalAssets).toBe(before.body.Data.totalAssets);
    expect(await assetLogActions(ctx.app, first.id)).toEqual([1]);
  });

  it('pages and filters the list on the server', async () => {
    const a = await signIn(ctx.app, 'admin');
    const cat = await call<AssetCategory>(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/category',
      payload: { name: 'Tablets', icon: 'tablet', size: 'S' },
    });
    for (let i = 1; i <= 5; i++)
      await createAsset(ctx.app, a.token, {
        name: `Tablet ${i}`,
        tag: `TAB-${i}`,
        category: i <= 2 ? [cat.body.Data.id] : [],
      });
    const list = (qs: string) =>
      call<ListAssetsReply>(ctx.app, a.token, { method: 'GET', url: `/api/asset/listAssets?${qs}` });
    const page = await list('search=tablet&max_results=2&offset=2');
    expect(page.body.Data.totalAssets).toBe(5);
    expect(page.body.Data.assets.map((x) => x.name)).toEqual(['Tablet 3', 'Tablet 4']);
    expect((await list(`categoryId=${cat.body.Data.id}`)).body.Data.totalAssets).toBe(2);
    expect((await list('search=TAB-5')).body.Data.assets.map((x) => x.tag)).toEqual(['TAB-5']);
    expect((await list('search=tablet&status=4')).body.Data.totalAssets).toBe(0);
    expect((await list('max_results=0')).status).toBe(400);
    expect((await list('status=a,b')).status).toBe(400);
  });

  it('enables and disables with separate calls, logging 12 and 13 in both logs', async () => {
    const a = await signIn(ctx.app, 'admin');
    const asset = await createAsset(ctx.app, a.token);
    const dis = await call<Asset>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/asset/disableAsset?assetId=${asset.id}`,
    });
    expect(dis.body.Data.enabled).toBe(0);
    await call(ctx.app, a.token, { method: 'GET', url: `/api/asset/disableAsset?assetId=${asset.id}` });
    const en = await call<Asset>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/asset/enableAsset?assetId=${asset.id}`,
    });
    expect(en.body.Data.enabled).toBe(1);
    expect(await assetLogActions(ctx.app, asset.id)).toEqual([1, 13, 12]);
    expect(await adminLogActions(ctx.app, a.id)).toEqual([100, 113, 112]);
    const missing = await call(ctx.app, a.token, {
      method: 'GET',
      url: '/api/asset/enableAsset?assetId=777777',
    });
    expect([missing.status, missing.body.Description]).toEqual([404, 'assetNotExist']);
    expect((await call(ctx.app, a.token, { method: 'GET', url: '/api/asset/enableAsset' })).status).toBe(400);
  });

  it('answers every remaining failure path with its code and status', async () => {
    const a = await signIn(ctx.app, 'admin');
    const x = await createAsset(ctx.app, a.token);
    const get = (url: string) => call(ctx.app, a.token, { method: 'GET', url });
    const expectFail = async (
      p: Promise<{ status: number; body: { Description: string } }>,
      status: number,
      code: string,
    ) => {
      const r = await p;
      expect([r.status, r.body.Description]).toEqual([status, code]);
    };
    await expectFail(get('/api/asset/asset?assetId=abc'), 400, 'invalidInput');
    await expectFail(get('/api/asset/listUserAssets?userId=x'), 400, 'invalidInput');
    await expectFail(get('/api/asset/listAssetLogs?max_results=5'), 400, 'invalidInput');
    await expectFail(get('/api/asset/addSchedules?assetId=999999&scheduleIds=1'), 404, 'assetNotExist');
    await expectFail(
      get('/api/userOwnsAsset/removeSchedules?assetId=999999&userId=1&scheduleIds=1'),
      404,
      'assetNotExist',
    );
    await expectFail(get('/api/asset/openForRetrieval?assetId=999999'), 404, 'assetNotExist');
    await expectFail(get(`/api/asset/openForStorage?assetId=${x.id}&lockerId=0`), 400, 'invalidInput');
    await expectFail(
      get('/api/asset/listAssetsLogs?createdAtInterval=2020-1-1|2020-01-02'),
      400,
      'invalidInput',
    );
    const delMissing = call(ctx.app, a.token, {
      method: 'DELETE',
      url: '/api/asset/asset',
      payload: { assetId: 999999 },
    });
    await expectFail(delMissing, 404, 'assetNotExist');
    const rmMissing = call(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/removeAssetUser',
      payload: { AssetId: 999999, UserId: 1 },
    });
    await expectFail(rmMissing, 404, 'assetNotExist');
    const c1 = await call<AssetCategory>(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/category',
      payload: { name: 'Um', icon: 'box', size: 'S' },
    });
    await call(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/category',
      payload: { name: 'Dois', icon: 'box', size: 'S' },
    });
    const rename = call(ctx.app, a.token, {
      method: 'PUT',
      url: '/api/asset/category',
      payload: {
        updatedAt: await versionOf(ctx.app, 'asset_categories', c1.body.Data.id),
        id: c1.body.Data.id,
        name: 'DOIS',
        icon: 'box',
        size: 'S',
      },
    });
    await expectFail(rename, 409, 'categoryNameExists');
    const e = await signIn(ctx.app, 'editor');
    await expectFail(
      call(ctx.app, e.token, { method: 'GET', url: '/api/asset/assetWarnings' }),
      403,
      'forbidden',
    );
    // Nothing above changed the asset.
    expect(await assetLogActions(ctx.app, x.id)).toEqual([1]);
  });
});
