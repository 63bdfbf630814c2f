import { expect, it } from 'vitest';
import type { Asset, AssetCategory, ListAssetsLogsReply, ListAssetsReply } from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import {
  adminLogActions,
  assetLogActions,
  createAsset,
  insertLockerUser,
  insertSchedule,
} from './helpers/asset-fixtures.js';

describeEachDb('asset categories', (ctx) => {
  it('creates, lists with counts, updates and deletes; editors may too', async () => {
    const e = await signIn(ctx.app, 'editor');
    const created = await call<AssetCategory>(ctx.app, e.token, {
      method: 'POST',
      url: '/api/asset/category',
      payload: { name: 'Portáteis', icon: 'laptop', size: 'M' },
    });
    expect(created.status).toBe(200);
    expect(created.body.Data).toMatchObject({ name: 'Portáteis', icon: 'laptop', size: 'M', assetCount: 0 });
    const id = created.body.Data.id;
    await createAsset(ctx.app, e.token, { category: [id] });
    const list = await call<AssetCategory[]>(ctx.app, e.token, {
      method: 'GET',
      url: '/api/asset/categories',
    });
    expect(list.body.Data.find((c) => c.id === id)).toMatchObject({ assetCount: 1 });
    const upd = await call<AssetCategory>(ctx.app, e.token, {
      method: 'PUT',
      url: '/api/asset/category',
      payload: { id, name: 'Computadores', icon: 'tablet', size: 'L' },
    });
    expect(upd.body.Data).toMatchObject({
      id,
      name: 'Computadores',
      icon: 'tablet',
      size: 'L',
      assetCount: 1,
    });
    const del = await call(ctx.app, e.token, {
      method: 'DELETE',
      url: '/api/asset/category',
      payload: { categoryId: id },
    });
    expect(del.status).toBe(200);
    const after = await call<AssetCategory[]>(ctx.app, e.token, {
      method: 'GET',
      url: '/api/asset/categories',
    });
    expect(after.body.Data.some((c) => c.id === id)).toBe(false);
  });

  it('refuses long names, unknown icons and sizes, duplicates and unknown ids, changing nothing', async () => {
    const a = await signIn(ctx.app, 'admin');
    const post = (payload: object) =>
      call(ctx.app, a.token, { method: 'POST', url: '/api/asset/category', payload });
    const long = await post({ name: 'x'.repeat(31), icon: 'key', size: 'S' });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      ResultCode: 0,
      Description: 'invalidInput',
      Data: { 'body.name': 'validation.categoryNameLength' },
    });
    expect((await post({ name: 'Chaves', icon: 'rocket', size: 'S' })).body.Data).toMatchObject({
      'body.icon': 'validation.categoryIcon',
    });
    expect((await post({ name: 'Chaves', icon: 'key', size: 'XXL' })).status).toBe(400);
    expect((await post({ name: 'Chaves', icon: 'key', size: 'S' })).status).toBe(200);
    const dup = await post({ name: 'chaves', icon: 'key', size: 'S' });
    expect([dup.status, dup.body.Description]).toEqual([409, 'categoryNameExists']);
    const missing = await call(ctx.app, a.token, {
      method: 'PUT',
      url: '/api/asset/category',
      payload: { id: 99999, name: 'Z', icon: 'key', size: 'S' },
    });
    expect([missing.status, missing.body.Description]).toEqual([404, 'categoryNotExist']);
    const missingDel = await call(ctx.app, a.token, {
      method: 'DELETE',
      url: '/api/asset/category',
      payload: { categoryId: 99999 },
    });
    expect(missingDel.status).toBe(404);
    const list = await call<AssetCategory[]>(ctx.app, a.token, {
      method: 'GET',
      url: '/api/asset/categories',
    });
    expect(list.body.Data.filter((c) => c.name.toLowerCase() === 'chaves')).toHaveLength(1);
  });

  it('is closed to roles without assets permissions', async () => {
    for (const role of ['courier', 'store', 'security', 'dash'] as const) {
      const s = await signIn(ctx.app, role, role === 'store' ? { company: 'Loja' } : {});
      const r = await call(ctx.app, s.token, { method: 'GET', url: '/api/asset/categories' });
      expect(r.status).toBe(403);
    }
    const anon = await call(ctx.app, null, { method: 'GET', url: '/api/asset/listAssets' });
    expect(anon.status).toBe(401);
  });
});

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
    expect(await adminLogActions(ctx.app, a.id)).toEqual([100, 101, 102]);
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
      payload: { id: 999999, name: 'A', tag: 'T-3' },
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

  it('manages who may retrieve it and their schedules', async () => {
    const a = await signIn(ctx.app, 'editor');
    const asset = await createAsset(ctx.app, a.token);
    const ana = await insertLockerUser(ctx.app, 'Ana Silva');
    const s1 = await insertSchedule(ctx.app, 'Manhãs');
    const s2 = await insertSchedule(ctx.app, 'Tardes');
    const add = await call<Asset>(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/addAssetUser',
      payload: { AssetId: asset.id, UserId: ana },
    });
    expect(add.body.Data.retrievedBy).toEqual([{ id: ana, name: 'Ana Silva', scheduleIds: [] }]);
    const mine = await call<Asset[]>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/asset/listUserAssets?userId=${ana}`,
    });
    expect(mine.body.Data.map((x) => x.id)).toEqual([asset.id]);
    const us = await call<Asset>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/userOwnsAsset/addSchedules?assetId=${asset.id}&userId=${ana}&scheduleIds=${s1},${s2}`,
    });
    expect(us.body.Data.retrievedBy[0]!.scheduleIds).toEqual([s1, s2]);
    const usr = await call<Asset>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/userOwnsAsset/removeSchedules?assetId=${asset.id}&userId=${ana}&scheduleIds=${s1}`,
    });
    expect(usr.body.Data.retrievedBy[0]!.scheduleIds).toEqual([s2]);
    const as = await call<Asset>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/asset/addSchedules?assetId=${asset.id}&scheduleIds=${s1}`,
    });
    expect(as.body.Data.schedules).toEqual([s1]);
    const asr = await call<Asset>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/asset/removeSchedules?assetId=${asset.id}&scheduleIds=${s1}`,
    });
    expect(asr.body.Data.schedules).toEqual([]);

    const badSchedule = await call(ctx.app, a.token, {
      method: 'GET',
      url: `/api/asset/addSchedules?assetId=${asset.id}&scheduleIds=${s1},999999`,
    });
    expect([badSchedule.status, badSchedule.body.Description]).toEqual([404, 'notFound']);
    expect(
      (
        await call(ctx.app, a.token, {
          method: 'GET',
          url: `/api/asset/addSchedules?assetId=${asset.id}&scheduleIds=1;2`,
        })
      ).status,
    ).toBe(400);
    const other = await insertLockerUser(ctx.app, 'Rui Costa');
    const notOwner = await call(ctx.app, a.token, {
      method: 'GET',
      url: `/api/userOwnsAsset/addSchedules?assetId=${asset.id}&userId=${other}&scheduleIds=${s1}`,
    });
    expect([notOwner.status, notOwner.body.Description]).toEqual([404, 'assetUserNotExist']);
    const unknownUser = await call(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/addAssetUser',
      payload: { AssetId: asset.id, UserId: 999999 },
    });
    expect([unknownUser.status, unknownUser.body.Description]).toEqual([404, 'assetUserNotExist']);
    const rm = await call<Asset>(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/removeAssetUser',
      payload: { AssetId: asset.id, UserId: ana },
    });
    expect(rm.body.Data.retrievedBy).toEqual([]);
    const rmAgain = await call(ctx.app, a.token, {
      method: 'POST',
      url: '/api/asset/removeAssetUser',
      payload: { AssetId: asset.id, UserId: ana },
    });
    expect(rmAgain.status).toBe(404);
    expect(
      (
        await call(ctx.app, a.token, {
          method: 'POST',
          url: '/api/asset/addAssetUser',
          payload: { AssetId: asset.id },
        })
      ).status,
    ).toBe(400);
  });

  it('lists logs with filters, a date interval and the total', async () => {
    const a = await signIn(ctx.app, 'admin');
    const x = await createAsset(ctx.app, a.token, { name: 'Projetor X' });
    await call(ctx.app, a.token, { method: 'GET', url: `/api/asset/disableAsset?assetId=${x.id}` });
    await call(ctx.app, a.token, { method: 'GET', url: `/api/asset/enableAsset?assetId=${x.id}` });
    const logs = (qs: string) =>
      call<ListAssetsLogsReply>(ctx.app, a.token, { method: 'GET', url: `/api/asset/listAssetsLogs?${qs}` });
    const all = await logs(`assetId=${x.id}&max_results=2`);
    expect(all.body.Data.totalLogs).toBe(3);
    expect(all.body.Data.logs.map((l) => l.actionId)).toEqual([12, 13]);
    expect(all.body.Data.logs[0]).toMatchObject({
      assetId: x.id,
      assetName: 'Projetor X',
      adminId: a.id,
      adminName: 'Test admin',
      userId: null,
    });
    expect((await logs(`assetId=${x.id}&actionId=12,13`)).body.Data.totalLogs).toBe(2);
    expect((await logs(`search=projetor x&adminId=${a.id}`)).body.Data.totalLogs).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await logs(`assetId=${x.id}&createdAtInterval=${today}|${today}`)).body.Data.totalLogs).toBe(3);
    expect((await logs(`assetId=${x.id}&createdAtInterval=2020-01-01|2020-01-31`)).body.Data.totalLogs).toBe(
      0,
    );
    const bad = await logs('createdAtInterval=2020-02-01|2020-01-01');
    expect([bad.status, bad.body.Data]).toEqual([
      400,
      { 'query.createdAtInterval': 'validation.dateInterval' },
    ]);
    const one = await call<ListAssetsLogsReply['logs']>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/asset/listAssetLogs?assetId=${x.id}&max_results=1`,
    });
    expect(one.body.Data.map((l) => l.actionId)).toEqual([12]);
    const missing = await call(ctx.app, a.token, {
      method: 'GET',
      url: '/api/asset/listAssetLogs?assetId=999999',
    });
    expect(missing.status).toBe(404);
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
      payload: { id: c1.body.Data.id, name: 'DOIS', icon: 'box', size: 'S' },
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
