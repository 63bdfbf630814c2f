import { beforeAll, expect, it } from 'vitest';
import { API, IMPORT_ROWS_MAX, ORDER_STATE, type CallInput, type ReplyOf } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';
import { newPackageId } from './helpers/order-fixtures.js';
import { spreadsheetOf, withEditedParts } from './helpers/spreadsheet.js';
import { csv, HEADER, multipart, xls, xlsx } from './helpers/import-files.js';

describeEachDb('order import', (ctx) => {
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
      const preview = await upload(API.orders.importPreview, {}, name, file);
      expect(preview.status).toBe(200);
      expect(preview.body.Data).toMatchObject({ valid: 1, invalid: 4, duplicates: 0 });
      const errs = Object.fromEntries(preview.body.Data.rows.map((r) => [r.row, r.errors]));
      expect(errs[3]).toHaveProperty('packageId');
      expect(errs[4]).toMatchObject({ recipientPhone: 'validation.phone' });
      expect(errs[5]).toMatchObject({ packageId: 'validation.duplicateInFile' });
      expect(errs[6]).toMatchObject({ recipientEmail: 'validation.email' });
      expect(await count()).toBe(before);

      const res = await upload(API.orders.importOrders, {}, name, file);
      expect(res.body.Data).toMatchObject({ created: 1, invalid: 4 });
      const again = await upload(API.orders.importOrders, {}, name, file);
      expect(again.body.Data).toMatchObject({ created: 0, skipped: 1 });
      expect((await upload(API.orders.importOrders, {}, name, fixed)).body.Data.created).toBe(1);
      expect(await count()).toBe(before + 2);
      const o = await callApi(ctx.app, admin.token, API.orders.order, { query: { packageId: good1 } });
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
    const tooMany = await upload(
      API.orders.importOrders,
      {},
      'many.xlsx',
      await xlsx(rows(IMPORT_ROWS_MAX + 1)),
    );
    expect(tooMany.body).toMatchObject({
      Description: 'invalidFile',
      Data: { reason: 'tooManyRows', max: IMPORT_ROWS_MAX },
    });
    const tooManyCsv = await upload(API.orders.importOrders, {}, 'many.csv', csv(rows(IMPORT_ROWS_MAX + 1)));
    expect(tooManyCsv.body).toMatchObject({ Data: { reason: 'tooManyRows' } });
    expect(await count()).toBe(before);
    const full = await upload(API.orders.importOrders, {}, 'full.xlsx', await xlsx(rows(IMPORT_ROWS_MAX)));
    expect(full.body.Data).toMatchObject({ created: IMPORT_ROWS_MAX, invalid: 0, skipped: 0 });
    expect(await count()).toBe(before + IMPORT_ROWS_MAX);
    // Every order has its creation log, written in the same transaction.
    for (const i of ['00000', '09999']) {
      const log = await callApi(ctx.app, admin.token, API.orders.logs, {
        query: { packageId: `${prefix}${i}` },
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
    const unmatched = await upload(API.orders.importPreview, {}, 'guias.csv', file);
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
    const columns = 'packageId,,recipientPhone,recipientEmail';
    const preview = await upload(API.orders.importPreview, { query: { columns } }, 'guias.csv', file);
    expect(preview.body.Data).toMatchObject({ valid: 1, invalid: 0, duplicates: 0 });
    expect(preview.body.Data.rows[0]!.data).toMatchObject({
      packageId: pid,
      recipientPhone: '912345678',
      recipientEmail: 'x@y.pt',
    });
    // A mapping that still leaves a required field out names it, as the names did.
    const partial = await upload(
      API.orders.importPreview,
      { query: { columns: 'packageId' } },
      'guias.csv',
      file,
    );
    expect(partial.body).toMatchObject({ Data: { reason: 'missingColumns', missing: ['recipientPhone'] } });
    for (const bad of ['packageId,,bogus', 'packageId,packageId,recipientPhone']) {
      const refused = await upload(API.orders.importOrders, { query: { columns: bad } }, 'guias.csv', file);
      expect(refused.status).toBe(400);
      expect(refused.body.Description).toBe('invalidInput');
    }
    const before = await count();
    const done = await upload(
      API.orders.importOrders,
      { query: { columns, progress: 'import-test-0001' } },
      'guias.csv',
      file,
    );
    expect(done.body.Data).toMatchObject({ created: 1, skipped: 0, invalid: 0 });
    expect(await count()).toBe(before + 1);
    const progress = await callApi(ctx.app, importer.token, API.orders.importProgress, {
      query: { id: 'import-test-0001' },
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
      const none = await callApi(ctx.app, token, API.orders.importProgress, { query: { id } });
      expect(none.body).toMatchObject({ ResultCode: 1, Data: null });
    }
  });

  it('follows a large preview in figures: every row read and checked', async () => {
    const prefix = newPackageId();
    const n = 2_345;
    const rows = Array.from({ length: n }, (_, i) => [`${prefix}${i}`, '912345678', `R${i}`, '']);
    const preview = await upload(
      API.orders.importPreview,
      { query: { progress: 'import-test-large' } },
      'large.csv',
      csv(rows),
    );
    expect(preview.body.Data.valid).toBe(n);
    const progress = await callApi(ctx.app, importer.token, API.orders.importProgress, {
      query: { id: 'import-test-large' },
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
    const res = await upload(API.orders.importPreview, {}, 'tabs.xlsx', file);
    expect(res.body.Data).toMatchObject({ valid: 1, invalid: 0 });
    expect(res.body.Data.rows[0]!.data).toMatchObject({ packageId: pid, recipientNumber: '2026-01-02' });
  });
});
