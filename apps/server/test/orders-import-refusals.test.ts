import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type ReplyOf } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';
import { newPackageId } from './helpers/order-fixtures.js';
import { csv, multipart, xlsx } from './helpers/import-files.js';

/** The import refuses what it cannot read or should not take, and creates nothing. */
describeEachDb('order import: refused files', (ctx) => {
  let importer: Awaited<ReturnType<typeof signIn>>;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    importer = await signIn(ctx.app, 'cacifo_importer', { company: 'Loja Import' });
    admin = await signIn(ctx.app, 'admin');
  });
  /** A multipart upload: the file is no typed body, so the request is built from the entry by hand. */
  const upload = <E extends typeof API.orders.importOrders | typeof API.orders.importPreview>(
    endpoint: E,
    input: CallInput<E>,
    name: string,
    content: Buffer,
    token = importer.token,
  ) => call<ReplyOf<E>>(ctx.app, token, { ...apiRequest(endpoint, input), ...multipart(name, content) });
  const count = async () =>
    (await callApi(ctx.app, admin.token, API.orders.list, { query: { max_results: 1 } })).body.Data
      .totalDeliveries;

  it('answers every corrupted .xlsx, never hangs on one', async () => {
    const good = await xlsx(Array.from({ length: 200 }, (_, i) => [`C${i}`, '912345678', '', '']));
    // Bytes before the central directory: the size check passes and the parser meets the damage.
    const directory = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let t = 0; t < 40; t++) {
      const bad = Buffer.from(good);
      for (let j = 1 + next(20); j > 0; j--) bad[next(directory)] = next(256);
      const res = await upload(API.orders.importPreview, {}, 'bad.xlsx', bad);
      expect([200, 400]).toContain(res.status);
    }
  }, 60_000);

  it('refuses a wrong extension, wrong content, an empty or malformed file, missing columns', async () => {
    const before = await count();
    const pdf = await upload(API.orders.importOrders, {}, 'orders.pdf', Buffer.from('%PDF-1.4'));
    expect(pdf.status).toBe(400);
    expect(pdf.body.Description).toBe('invalidFileType');
    const fake = await upload(
      API.orders.importOrders,
      {},
      'orders.xlsx',
      Buffer.from('not a spreadsheet at all'),
    );
    expect(fake.body.Description).toBe('invalidFile');
    const fakeXls = await upload(
      API.orders.importPreview,
      {},
      'orders.xls',
      Buffer.from('PK\u0003\u0004junk'),
    );
    expect(fakeXls.body.Description).toBe('invalidFile');
    const empty = await upload(API.orders.importOrders, {}, 'orders.csv', Buffer.alloc(0));
    expect(empty.body.Description).toBe('invalidFile');
    const broken = await upload(
      API.orders.importOrders,
      {},
      'orders.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(200, 7)]),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.Description).toBe('invalidFile');
    // A compression bomb: one sheet entry declaring 200 MB, refused before anything is inflated.
    const bomb = await xlsx([[newPackageId(), '912345678', 'PRT1', '']]);
    const dir = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(200 * 1024 * 1024, dir + 24);
    const bombed = await upload(API.orders.importOrders, {}, 'bomb.xlsx', bomb);
    expect(bombed.status).toBe(413);
    expect(bombed.body.Description).toBe('payloadTooLarge');
    const huge = await upload(API.orders.importOrders, {}, 'huge.csv', Buffer.alloc(6 * 1024 * 1024, 0x41));
    expect(huge.status).toBe(413);
    expect(huge.body.Description).toBe('payloadTooLarge');
    const noCols = await upload(API.orders.importOrders, {}, 'orders.csv', Buffer.from('a,b\n1,2\n'));
    expect(noCols.body).toMatchObject({ Description: 'invalidFile', Data: { reason: 'missingColumns' } });
    // JSON where a multipart file belongs: the entry takes no typed body.
    const noFile = await call(ctx.app, importer.token, {
      ...apiRequest(API.orders.importOrders, {}),
      payload: {},
    });
    expect(noFile.body.Description).toBe('invalidFile');
    const courier = await signIn(ctx.app, 'courier');
    const denied = await upload(API.orders.importOrders, {}, 'x.csv', csv([]), courier.token);
    expect(denied.status).toBe(403);
    expect(await count()).toBe(before);
  });
});
