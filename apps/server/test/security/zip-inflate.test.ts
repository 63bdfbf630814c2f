import { beforeAll, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { API, type CallInput } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn, apiRequest } from '../helpers/test-app.js';

/**
 * A zip whose directory says what the caller wants: each entry's data is deflated from `content`,
 * but the local and central headers declare `declared` as its uncompressed size (issue #31: a
 * spreadsheet whose zip lies about its sizes was inflated whole).
 */
function lyingZip(
  entries: Array<{ name: string; content: Buffer; declared: number; localExtra?: Buffer }>,
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = deflateRawSync(e.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const extra = e.localExtra ?? Buffer.alloc(0);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, data);
    centrals.push(central, name);
    offset += local.length + name.length + extra.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(dir.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, eocd]);
}

function multipart(fileName: string, content: Buffer) {
  const boundary = '----cacifo' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const SHEET = 'xl/worksheets/sheet1.xml';

describeEachDb('an xlsx whose zip lies about its sizes', (ctx) => {
  let importer: Awaited<ReturnType<typeof signIn>>;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    importer = await signIn(ctx.app, 'cacifo_importer', { company: 'Loja Zip' });
    admin = await signIn(ctx.app, 'admin');
  });
  /** A multipart upload: the file is no typed body, so the request is built from the entry by hand. */
  const upload = <E extends typeof API.orders.importOrders | typeof API.orders.importPreview>(
    endpoint: E,
    input: CallInput<E>,
    content: Buffer,
  ) =>
    call<unknown>(ctx.app, importer.token, {
      ...apiRequest(endpoint, input),
      ...multipart('orders.xlsx', content),
    });
  const count = async () =>
    (await callApi(ctx.app, admin.token, API.orders.list, { query: { max_results: 1 } })).body.Data
      .totalDeliveries;

  it('stops inflating at the cap whatever the directory declares, and changes nothing', async () => {
    const before = await count();
    // 60 MB of one byte deflates to ~60 KB; the directory declares 100 KB (a plausible ratio).
    const bomb = lyingZip([
      { name: SHEET, content: Buffer.alloc(60 * 1024 * 1024, 0x20), declared: 100_000 },
    ]);
    expect(bomb.length).toBeLessThan(200_000);
    for (const endpoint of [API.orders.importOrders, API.orders.importPreview]) {
      const res = await upload(endpoint, {}, bomb);
      expect(res.status, endpoint.path).toBe(413);
      expect(res.body).toMatchObject({ Description: 'payloadTooLarge', Data: { reason: 'unzippedSize' } });
    }
    // Spread over several entries: the first one's lie is found once it is inflated (20 MB).
    const spread = lyingZip(
      [1, 2, 3].map((i) => ({
        name: `xl/worksheets/sheet${i}.xml`,
        content: Buffer.alloc(20 * 1024 * 1024, 0x20),
        declared: 50_000,
      })),
    );
    const res = await upload(API.orders.importOrders, {}, spread);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ Description: 'invalidFile' });
    expect(await count()).toBe(before);
  }, 60_000);

  it('refuses an end record that would send the reader to a zip64 directory', async () => {
    // JSZip reads a zip64 record (and the directory it names) when any end-record field is all ones.
    for (const [at, bytes] of [
      [4, 2],
      [6, 2],
      [8, 2],
      [12, 4],
    ] as const) {
      const zip = lyingZip([{ name: SHEET, content: Buffer.from('<worksheet/>'), declared: 12 }]);
      zip.fill(0xff, zip.length - 22 + at, zip.length - 22 + at + bytes);
      const res = await upload(API.orders.importPreview, {}, zip);
      expect([res.status, res.body.Data], String(at)).toEqual([413, { reason: 'zip64' }]);
    }
  });

  it('refuses an entry that inflates to another size than declared, under the cap too', async () => {
    for (const declared of [10, 5000]) {
      const lying = lyingZip([{ name: SHEET, content: Buffer.alloc(1000, 0x20), declared }]);
      const res = await upload(API.orders.importPreview, {}, lying);
      expect(res.status, String(declared)).toBe(400);
      expect(res.body).toMatchObject({ Description: 'invalidFile' });
    }
  });

  it("refuses a local header whose sizes are not the directory's, or are zip64 sizes", async () => {
    // The reader sizes its output by the local header: a 2 GB figure there is refused unread.
    const lying = lyingZip([{ name: SHEET, content: Buffer.from('<worksheet/>'), declared: 12 }]);
    lying.writeUInt32LE(0x7fffffff, 22);
    const sizes = await upload(API.orders.importPreview, {}, lying);
    expect([sizes.status, sizes.body]).toMatchObject([400, { Description: 'invalidFile' }]);
    // A zip64 extra field (id 1) of 2 GB behind honest 32-bit sizes.
    const zip64 = Buffer.alloc(20);
    zip64.writeUInt16LE(0x0001, 0);
    zip64.writeUInt16LE(16, 2);
    zip64.writeUInt32LE(0x7fffffff, 4);
    const extra = lyingZip([
      { name: SHEET, content: Buffer.from('<worksheet/>'), declared: 12, localExtra: zip64 },
    ]);
    const res = await upload(API.orders.importPreview, {}, extra);
    expect([res.status, res.body.Data]).toEqual([413, { reason: 'zip64' }]);
  });
});
