import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi, call } from './helpers/test-app.js';
import { createAsset } from './helpers/asset-fixtures.js';

describeEachDb('asset categories', (ctx) => {
  it('creates, lists with counts, updates and deletes; editors may too', async () => {
    const e = await signIn(ctx.app, 'editor');
    const created = await callApi(ctx.app, e.token, API.assets.createCategory, {
      body: { name: 'Portáteis', icon: 'laptop', size: 'M' },
    });
    expect(created.status).toBe(200);
    expect(created.body.Data).toMatchObject({ name: 'Portáteis', icon: 'laptop', size: 'M', assetCount: 0 });
    const id = created.body.Data.id;
    await createAsset(ctx.app, e.token, { category: [id] });
    const list = await callApi(ctx.app, e.token, API.assets.categories, {});
    expect(list.body.Data.find((c) => c.id === id)).toMatchObject({ assetCount: 1 });
    const upd = await callApi(ctx.app, e.token, API.assets.updateCategory, {
      body: {
        updatedAt: await versionOf(ctx.app, 'asset_categories', id),
        id,
        name: 'Computadores',
        icon: 'tablet',
        size: 'L',
      },
    });
    expect(upd.body.Data).toMatchObject({
      id,
      name: 'Computadores',
      icon: 'tablet',
      size: 'L',
      assetCount: 1,
    });
    const del = await callApi(ctx.app, e.token, API.assets.removeCategory, { body: { categoryId: id } });
    expect(del.status).toBe(200);
    const after = await callApi(ctx.app, e.token, API.assets.categories, {});
    expect(after.body.Data.some((c) => c.id === id)).toBe(false);
  });

  it('deleting a category in use leaves its assets the size they had (issue #33)', async () => {
    const a = await signIn(ctx.app, 'admin');
    const category = async (name: string, size: 'XS' | 'S' | 'M' | 'L') =>
      (await callApi(ctx.app, a.token, API.assets.createCategory, { body: { name, icon: 'laptop', size } }))
        .body.Data.id;
    const large = await category('Monitores', 'L');
    const small = await category('Cabos', 'S');
    const medium = await category('Ratos', 'M');
    const onlyLarge = await createAsset(ctx.app, a.token, { name: 'Monitor só', category: [large] });
    const largeAndSmall = await createAsset(ctx.app, a.token, {
      name: 'Monitor e cabo',
      category: [large, small],
    });
    const onlyMedium = await createAsset(ctx.app, a.token, { name: 'Rato', category: [medium] });
    const none = await createAsset(ctx.app, a.token, { name: 'Sem categoria' });
    const sizes = async () => {
      const r = await callApi(ctx.app, a.token, API.assets.list, { query: { max_results: 100 } });
      const by = new Map(r.body.Data.assets.map((x) => [x.id, x]));
      return [onlyLarge, largeAndSmall, onlyMedium, none].map((x) => by.get(x.id)?.size);
    };
    expect(await sizes()).toEqual(['L', 'L', 'M', null]);
    const del = (categoryId: number) =>
      callApi(ctx.app, a.token, API.assets.removeCategory, { body: { categoryId } });
    expect((await del(large)).status).toBe(200);
    // Before: 'L' was lost with the category (null, and 'S' for the asset in two categories).
    expect(await sizes()).toEqual(['L', 'L', 'M', null]);
    const list = await callApi(ctx.app, a.token, API.assets.list, { query: { max_results: 100 } });
    const both = list.body.Data.assets.find((x) => x.id === largeAndSmall.id)!;
    expect(both.categories.map((c) => c.name)).toEqual(['Cabos']);
    // A second deletion keeps the larger size already kept; a category of another asset is untouched.
    expect((await del(small)).status).toBe(200);
    expect(await sizes()).toEqual(['L', 'L', 'M', null]);
  });

  it('refuses long names, unknown icons and sizes, duplicates and unknown ids, changing nothing', async () => {
    const a = await signIn(ctx.app, 'admin');
    // Bad bodies on purpose (long names, unknown icons and sizes): untyped, to the entry's path.
    const post = (payload: object) =>
      call(ctx.app, a.token, { method: 'POST', url: API.assets.createCategory.path, payload });
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
    const missing = await callApi(ctx.app, a.token, API.assets.updateCategory, {
      body: {
        updatedAt: await versionOf(ctx.app, 'asset_categories', 99999),
        id: 99999,
        name: 'Z',
        icon: 'key',
        size: 'S',
      },
    });
    expect([missing.status, missing.body.Description]).toEqual([404, 'categoryNotExist']);
    const missingDel = await callApi(ctx.app, a.token, API.assets.removeCategory, {
      body: { categoryId: 99999 },
    });
    expect(missingDel.status).toBe(404);
    const list = await callApi(ctx.app, a.token, API.assets.categories, {});
    expect(list.body.Data.filter((c) => c.name.toLowerCase() === 'chaves')).toHaveLength(1);
  });

  it('is closed to roles without assets permissions', async () => {
    for (const role of ['courier', 'store', 'security', 'dash'] as const) {
      const s = await signIn(ctx.app, role, role === 'store' ? { company: 'Loja' } : {});
      const r = await callApi(ctx.app, s.token, API.assets.categories, {});
      expect(r.status).toBe(403);
    }
    const anon = await callApi(ctx.app, null, API.assets.list, {});
    expect(anon.status).toBe(401);
  });
});
