import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from '../helpers/test-app.js';
import { createAsset } from '../helpers/asset-fixtures.js';

/**
 * Control characters (issue #31): none but tab and newline (CRLF counted as one) in a name, a
 * code or a text, in a body or a query; 400 invalidInput naming the field, nothing written.
 */
describeEachDb('control characters in texts', (ctx) => {
  it('refuses them in a name and a query, keeps tab and newlines in a text', async () => {
    const admin = await signIn(ctx.app, 'admin');
    for (const name of [
      'Caixa\u001b[2J',
      'Sino\u0007',
      'Apagar\u007f',
      'C1\u0085',
      'Volta\rX',
      'Tab\u000b',
    ]) {
      const res = await callApi(ctx.app, admin.token, API.assets.createCategory, {
        body: { name, icon: 'camera', size: 'M' },
      });
      expect([res.status, res.body.Description, res.body.Data], JSON.stringify(name)).toEqual([
        400,
        'invalidInput',
        { 'body.name': 'validation.invalidCharacters' },
      ]);
    }
    const search = await callApi(ctx.app, admin.token, API.orders.list, {
      query: { search: 'SGPT\u001b[1m' },
    });
    expect([search.status, search.body.Data]).toEqual([
      400,
      { 'query.search': 'validation.invalidCharacters' },
    ]);
    const none = await callApi(ctx.app, admin.token, API.assets.categories, {});
    expect(none.body.Data).toEqual([]);

    const description = 'Linha 1\n\tLinha 2\r\nLinha 3';
    const asset = await createAsset(ctx.app, admin.token, {
      name: 'Berbequim',
      tag: 'E200-0099',
      description,
    });
    const got = await callApi(ctx.app, admin.token, API.assets.asset, { query: { assetId: asset.id } });
    expect(got.body.Data.description).toBe(description);
  });
});
