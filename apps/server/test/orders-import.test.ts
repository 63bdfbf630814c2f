import { beforeAll, expect, it } from 'vitest';
import {
  IMPORT_ROWS_MAX,
  ORDER_STATE,
  type DeliveryAnalytics,
  type ImportPreview,
  type ImportResult,
  type ListOrdersReply,
  type OrderLog,
} from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { depositOrder, newPackageId } from './helpers/order-fixtures.js';
import { spreadsheetOf, withEditedParts } from './helpers/spreadsheet.js';

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

const xlsx = async (rows: unknown[][]) => spreadsheetOf({ Encomendas: [HEADER, ...rows] });
const xls = (rows: unknown[][]) => spreadsheetOf({ Encomendas: [HEADER, ...rows] }, 'biff8');
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

  it('imports a full file of IMPORT_ROWS_MAX rows in one go and refuses one row more', async () => {
    const prefix = newPackageId();
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => [
        `${prefix}${String(i).padStart(5, '0')}`,
        '912345678',
        `R${i}`,
        '',
      ]);
    const before = await count();
    const tooMany = await upload<unknown>(
      '/api/delivery/importOrders',
      'many.xlsx',
      await xlsx(rows(IMPORT_ROWS_MAX + 1)),
    );
    expect(tooMany.body).toMatchObject({
      Description: 'invalidFile',
      Data: { reason: 'tooManyRows', max: IMPORT_ROWS_MAX },
    });
    const tooManyCsv = await upload<unknown>(
      '/api/delivery/importOrders',
      'many.csv',
      csv(rows(IMPORT_ROWS_MAX + 1)),
    );
    expect(tooManyCsv.body).toMatchObject({ Data: { reason: 'tooManyRows' } });
    expect(await count()).toBe(before);
    const full = await upload<ImportResult>(
      '/api/delivery/importOrders',
      'full.xlsx',
      await xlsx(rows(IMPORT_ROWS_MAX)),
    );
    expect(full.body.Data).toMatchObject({ created: IMPORT_ROWS_MAX, invalid: 0, skipped: 0 });
    expect(await count()).toBe(before + IMPORT_ROWS_MAX);
    // Every order has its creation log, written in the same transaction.
    for (const i of ['00000', '09999']) {
      const log = await call<{ logs: OrderLog[]; totalLogs: number }>(ctx.app, admin.token, {
        method: 'GET',
        url: `/api/delivery/orderLogs?packageId=${prefix}${i}`,
      });
      expect(log.body.Data.totalLogs).toBe(1);
      expect(log.body.Data.logs[0]).toMatchObject({
        packageId: `${prefix}${i}`,
        action: 'create',
        fromState: null,
        state: ORDER_STATE.CREATED,
        adminId: importer.id,
        description: 'import',
      });
    }
  }, 60_000);

  it('imports a file whose columns the person mapped by hand, and reports its progress', async () => {
    const pid = newPackageId();
    const file = Buffer.from(
      ['Nº guia;Obs;Tlm cliente;Correio', `${pid};frágil;912345678;x@y.pt`, ';;;'].join('\r\n'),
      'utf8',
    );
    const unmatched = await upload<unknown>('/api/delivery/importOrders/preview', 'guias.csv', file);
    expect(unmatched.status).toBe(400);
    expect(unmatched.body).toMatchObject({
      Description: 'invalidFile',
      Data: {
        reason: 'missingColumns',
        missing: ['packageId', 'recipientPhone'],
        headers: ['Nº guia', 'Obs', 'Tlm cliente', 'Correio'],
        guess: [null, null, null, null],
      },
    });
    const columns = encodeURIComponent('packageId,,recipientPhone,recipientEmail');
    const preview = await upload<ImportPreview>(
      `/api/delivery/importOrders/preview?columns=${columns}`,
      'guias.csv',
      file,
    );
    expect(preview.body.Data).toMatchObject({ valid: 1, invalid: 0, duplicates: 0 });
    expect(preview.body.Data.rows[0]!.data).toMatchObject({
      packageId: pid,
      recipientPhone: '912345678',
      recipientEmail: 'x@y.pt',
    });
    // A mapping that still leaves a required field out names it, as the names did.
    const partial = await upload<unknown>(
      `/api/delivery/importOrders/preview?columns=packageId`,
      'guias.csv',
      file,
    );
    expect(partial.body).toMatchObject({ Data: { reason: 'missingColumns', missing: ['recipientPhone'] } });
    for (const bad of ['packageId,,bogus', 'packageId,packageId,recipientPhone']) {
      const refused = await upload<unknown>(
        `/api/delivery/importOrders?columns=${encodeURIComponent(bad)}`,
        'guias.csv',
        file,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.Description).toBe('invalidInput');
    }
    const before = await count();
    const done = await upload<ImportResult>(
      `/api/delivery/importOrders?columns=${columns}&progress=import-test-0001`,
      'guias.csv',
      file,
    );
    expect(done.body.Data).toMatchObject({ created: 1, skipped: 0, invalid: 0 });
    expect(await count()).toBe(before + 1);
    const progress = await call<unknown>(ctx.app, importer.token, {
      method: 'GET',
      url: '/api/delivery/importOrders/progress?id=import-test-0001',
    });
    // Two data lines read (the empty one too), both checked, the one order written.
    expect(progress.body.Data).toEqual({
      phase: 'done',
      rowsRead: 2,
      rowsChecked: 2,
      rowsWritten: 1,
      rowsToWrite: 1,
    });
    // Another caller's import, and an id never used, are unknown.
    for (const [token, id] of [
      [admin.token, 'import-test-0001'],
      [importer.token, 'import-test-9999'],
    ] as const) {
      const none = await call<unknown>(ctx.app, token, {
        method: 'GET',
        url: `/api/delivery/importOrders/progress?id=${id}`,
      });
      expect(none.body).toMatchObject({ ResultCode: 1, Data: null });
    }
  });

  it('follows a large preview in figures: every row read and checked', async () => {
    const prefix = newPackageId();
    const n = 2_345;
    const rows = Array.from({ length: n }, (_, i) => [`${prefix}${i}`, '912345678', `R${i}`, '']);
    const preview = await upload<ImportPreview>(
      '/api/delivery/importOrders/preview?progress=import-test-large',
      'large.csv',
      csv(rows),
    );
    expect(preview.body.Data.valid).toBe(n);
    const progress = await call<unknown>(ctx.app, importer.token, {
      method: 'GET',
      url: '/api/delivery/importOrders/progress?id=import-test-large',
    });
    expect(progress.body.Data).toMatchObject({ phase: 'done', rowsRead: n, rowsChecked: n, rowsWritten: 0 });
  });

  it('reads the first sheet in tab order, dates and rich text as text', async () => {
    const pid = newPackageId();
    const book = spreadsheetOf({
      Outra: [['nothing', 'here']],
      Encomendas: [HEADER, ['RICHTEXT', '912345678', new Date('2026-01-02T00:00:00Z'), '']],
    });
    const file = withEditedParts(book, {
      // Second in the file (sheet2.xml), first in the tab bar.
      'xl/workbook.xml': (xml) =>
        xml.replace(/(<sheet name="Outra"[^>]*\/>)(<sheet name="Encomendas"[^>]*\/>)/, '$2$1'),
      // The package id in two runs of rich text, the second bold.
      'xl/worksheets/sheet2.xml': (xml) =>
        xml.replace(
          /<c r="A2"[^>]*>.*?<\/c>/,
          `<c r="A2" t="inlineStr"><is><r><t>${pid.slice(0, 4)}</t></r><r><rPr><b/></rPr><t>${pid.slice(4)}</t></r></is></c>`,
        ),
    });
    const res = await upload<ImportPreview>('/api/delivery/importOrders/preview', 'tabs.xlsx', file);
    expect(res.body.Data).toMatchObject({ valid: 1, invalid: 0 });
    expect(res.body.Data.rows[0]!.data).toMatchObject({ packageId: pid, recipientNumber: '2026-01-02' });
  });

  it('answers every corrupted .xlsx, never hangs on one', async () => {
    const good = await xlsx(Array.from({ length: 200 }, (_, i) => [`C${i}`, '912345678', '', '']));
    // Bytes before the central directory: the size check passes and the parser meets the damage.
    const directory = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let t = 0; t < 40; t++) {
      const bad = Buffer.from(good);
      for (let j = 1 + next(20); j > 0; j--) bad[next(directory)] = next(256);
      const res = await upload<unknown>('/api/delivery/importOrders/preview', 'bad.xlsx', bad);
      expect([200, 400]).toContain(res.status);
    }
  }, 60_000);

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
