import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/schema.js';
import { analyseImport } from '../src/modules/orders/order-import.js';
import { csvDelimiter, csvText, readRows } from '../src/modules/orders/order-import-file.js';
import { fieldsOfHeaders } from '../src/modules/orders/order-import-headers.js';

/** Issue #23: import files as people make them (Portuguese headers, Excel's CSV in Portugal). */
describe('order import headers and CSV dialects', () => {
  it("matches the hint's own words, the app's labels in pt and en, in any case and accents", () => {
    expect(fieldsOfHeaders(['ID da encomenda', 'telefone', 'referência', 'email'])).toEqual([
      'packageId',
      'recipientPhone',
      'recipientNumber',
      'recipientEmail',
    ]);
    expect(
      fieldsOfHeaders([
        'ID DA ENCOMENDA',
        'Telefone do destinatário',
        'Referência do parceiro',
        'Email do destinatário',
      ]),
    ).toEqual(['packageId', 'recipientPhone', 'recipientNumber', 'recipientEmail']);
    expect(
      fieldsOfHeaders(['Package ID', 'Recipient phone', 'Partner reference', 'Recipient email']),
    ).toEqual(['packageId', 'recipientPhone', 'recipientNumber', 'recipientEmail']);
    expect(fieldsOfHeaders(['Telemóvel', 'TELEMOVEL', 'Observações'])).toEqual([
      'recipientPhone',
      null,
      null,
    ]);
  });

  it('reads a Windows-1252 CSV with ";" (Excel in Portugal) and keeps the accents', async () => {
    const text = 'ID da encomenda;Telemóvel;Referência\r\nSGPT1;912345678;PRT-ção\r\n';
    const win1252 = Buffer.from(text, 'latin1');
    expect(csvText(win1252)).toBe(text);
    expect(csvText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(csvDelimiter(text)).toBe(';');
    expect(csvDelimiter('a,b;c,"x;y;z"\n1;2')).toBe(',');
    expect(csvDelimiter('a\tb\tc\n')).toBe('\t');
    const rows = await readRows('encomendas.csv', win1252, 10);
    expect(rows).toEqual([
      ['ID da encomenda', 'Telemóvel', 'Referência'],
      ['SGPT1', '912345678', 'PRT-ção'],
    ]);
    // An address with commas in a ";" file stays one cell.
    const withCommas = await readRows(
      'a.csv',
      Buffer.from('Encomenda;Telefone;Nome\nX1;912345678;Silva, Ana\n'),
      10,
    );
    expect(withCommas[1]).toEqual(['X1', '912345678', 'Silva, Ana']);
  });

  it('tells which required columns are missing and which the file has', async () => {
    const file = Buffer.from('Encomenda;Morada\nX1;Rua A\n');
    await expect(analyseImport(null as unknown as Db, 'x.csv', file)).rejects.toMatchObject({
      code: 'invalidFile',
      data: { reason: 'missingColumns', missing: ['recipientPhone'], found: ['Encomenda', 'Morada'] },
    });
  });
});
