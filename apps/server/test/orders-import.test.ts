import { beforeAll, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { utils as xlsUtils, write as writeXls } from '@e965/xlsx';
import type { DeliveryAnalytics, ImportPreview, ImportResult, ListOrdersReply } from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { depositOrder, newPackageId } from './helpers/order-fixtures.js';

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

const HEADER = ['Package ID', 'Telefone', 'Referência', 'Email'];

async function xlsx(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Encomendas');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
function xls(rows: unknown[][]) {
  const wb = xlsUtils.book_new();
  xlsUtils.book_append_sheet(wb, xlsUtils.aoa_to_sheet([HEADER, ...rows]), 'Encomendas');
  return writeXls(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}
const csv = (rows: unknown[][], sep = ',') =>
  Buffer.from([HEADER, ...rows].map((r) => r.join(sep)).join('\r\n'), 'utf8');

describeEachDb('order import', (ctx) => {
  let importer: Awaited<ReturnType<typeof signIn>>;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    importer = await signIn(ctx.app, 'cacifo_importer', { company: 'Loja Import' });
    admin = await signIn(ctx.app, 'admin');
  });
  const upload = <T>(url: string, name: string, content: Buffer, token = importer.token) =>
    call<T>(ctx.app, token, { method: 'POST', url, ...multipart(name, content) });
  const count = async () =>
    (
      await call<ListOrdersReply>(ctx.app, admin.token, {
        method: 'GET',
        url: '/api/delivery/listOrders?max_results=1',
      })
    ).body.Data.totalDeliveries;

  it.each([
    ['xlsx', 'encomendas.xlsx', xlsx],
    ['xls', 'encomendas.xls', async (r: unknown[][]) => xls(r)],
    ['csv', 'encomendas.csv', async (r: unknown[][]) => csv(r)],
    ['csv with ;', 'encomendas.CSV', async (r: unknown[][]) => csv(r, ';')],
  ])(
    'previews and submits a %s file: row errors reported, valid rows created once',
    async (_k, name, make) => {
      const good1 = newPackageId();
      const good2 = newPackageId();
      const file = await make([
        [good1, '912345678', 'PRT1', 'a@b.pt'],
        ['', '912345678', 'PRT2', ''],
        [good2, '91234', 'PRT3', ''],
        [good1, '912345678', 'PRT4', ''],
        [newPackageId(), '933333333', 'PT5', 'not-an-email'],
      ]);
      const fixed = await make([[good2, '987654321', 'PRT3', '']]);
      const before = await count();
      const preview = await upload<ImportPreview>('/api/delivery/importOrders/preview', name, file);
      expect(preview.status).toBe(200);
      expect(preview.body.Data).toMatchObject({ valid: 1, invalid: 4, duplicates: 0 });
      const errs = Object.fromEntries(preview.body.Data.rows.map((r) => [r.row, r.errors]));
      expect(errs[3]).toHaveProperty('packageId');
      expect(errs[4]).toMatchObject({ recipientPhone: 'validation.phone' });
      expect(errs[5]).toMatchObject({ packageId: 'validation.duplicateInFile' });
      expect(errs[6]).toMatchObject({ recipientEmail: 'validation.email' });
      expect(await count()).toBe(before);

      const res = await upload<ImportResult>('/api/delivery/importOrders', name, file);
      expect(res.body.Data).toMatchObject({ created: 1, invalid: 4 });
      const again = await upload<ImportResult>('/api/delivery/importOrders', name, file);
      expect(again.body.Data).toMatchObject({ created: 0, skipped: 1 });
      expect((await upload<ImportResult>('/api/delivery/importOrders', name, fixed)).body.Data.created).toBe(
        1,
      );
      expect(await count()).toBe(before + 2);
      const o = await call<{ company: string }>(ctx.app, admin.token, {
        method: 'GET',
        url: `/api/delivery/order?packageId=${good1}`,
      });
      expect(o.body.Data.company).toBe('Loja Import');
    },
  );

  it('refuses a wrong extension, wrong content, an empty or malformed file, missing columns', async () => {
    const before = await count();
    const pdf = await upload('/api/delivery/importOrders', 'orders.pdf', Buffer.from('%PDF-1.4'));
    expect(pdf.status).toBe(400);
    expect(pdf.body.Description).toBe('invalidFileType');
    const fake = await upload(
      '/api/delivery/importOrders',
      'orders.xlsx',
      Buffer.from('not a spreadsheet at all'),
    );
    expect(fake.body.Description).toBe('invalidFile');
    const fakeXls = await upload(
      '/api/delivery/importOrders/preview',
      'orders.xls',
      Buffer.from('PK\u0003\u0004junk'),
    );
    expect(fakeXls.body.Description).toBe('invalidFile');
    const empty = await upload('/api/delivery/importOrders', 'orders.csv', Buffer.alloc(0));
    expect(empty.body.Description).toBe('invalidFile');
    const broken = await upload(
      '/api/delivery/importOrders',
      'orders.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(200, 7)]),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.Description).toBe('invalidFile');
    // A compression bomb: one sheet entry declaring 200 MB, refused before anything is inflated.
    const bomb = await xlsx([[newPackageId(), '912345678', 'PRT1', '']]);
    const dir = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(200 * 1024 * 1024, dir + 24);
    const bombed = await upload('/api/delivery/importOrders', 'bomb.xlsx', bomb);
    expect(bombed.status).toBe(413);
    expect(bombed.body.Description).toBe('payloadTooLarge');
    const huge = await upload('/api/delivery/importOrders', 'huge.csv', Buffer.alloc(6 * 1024 * 1024, 0x41));
    expect(huge.status).toBe(413);
    expect(huge.body.Description).toBe('payloadTooLarge');
    const noCols = await upload('/api/delivery/importOrders', 'orders.csv', Buffer.from('a,b\n1,2\n'));
    expect(noCols.body).toMatchObject({ Description: 'invalidFile', Data: { reason: 'missingColumns' } });
    const noFile = await call(ctx.app, importer.token, {
      method: 'POST',
      url: '/api/delivery/importOrders',
      payload: {},
    });
    expect(noFile.body.Description).toBe('invalidFile');
    const courier = await signIn(ctx.app, 'courier');
    const denied = await upload('/api/delivery/importOrders', 'x.csv', csv([]), courier.token);
    expect(denied.status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describeEachDb('delivery analytics and expired lockers', (ctx) => {
  it('counts orders per day and in total, and lists packages left too long', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 4, sizes: ['S', 'M'] });
    const stored = await depositOrder(ctx.app, admin.token, placeId);
    await ctx.app.devices.events.drain();
    const old = new Date(Date.now() - 12 * 86_400_000).toISOString();
    await ctx.app.db.updateTable('orders').set({ stored_at: old }).where('id', '=', stored.id).execute();
    const today = new Date().toISOString().slice(0, 10);
    const a = await call<DeliveryAnalytics>(ctx.app, admin.token, {
      method: 'GET',
      url: `/api/delivery/analytics?locationId=${placeId}&dateRange=${today}|${today}`,
    });
    expect(a.status).toBe(200);
    expect(a.body.Data).toMatchObject({
      from: today,
      to: today,
      totals: { created: 1, stored: 1, waiting: 1, expired: 1 },
    });
    expect(a.body.Data.perDay).toEqual([{ date: today, created: 1, stored: 0, delivered: 0 }]);
    expect(a.body.Data.occupancy).toMatchObject({ lockers: 4, occupied: 1, available: 3 });
    const bad = await call(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/delivery/analytics?dateRange=2026-02-01|2026-01-01',
    });
    expect(bad.status).toBe(400);
    const expired = await call<ListOrdersReply>(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/delivery/expiredLockers',
    });
    expect(expired.body.Data.deliveries.map((d) => d.id)).toEqual([stored.id]);
    const store = await signIn(ctx.app, 'store', { company: 'Outra' });
    const scoped = await call<ListOrdersReply>(ctx.app, store.token, {
      method: 'GET',
      url: '/api/delivery/expiredLockers',
    });
    expect(scoped.body.Data.totalDeliveries).toBe(0);
    expect((await call(ctx.app, store.token, { method: 'GET', url: '/api/delivery/analytics' })).status).toBe(
      403,
    );
  });
});
