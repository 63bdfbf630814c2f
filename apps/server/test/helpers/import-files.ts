import { spreadsheetOf } from './spreadsheet.js';

/** A multipart body holding one file, as the import screen sends it. */
export function multipart(fileName: string, content: Buffer) {
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

/** The columns of the files below, named as a person would. */
export const HEADER = ['Package ID', 'Telefone', 'Referência', 'Email'];

export const xlsx = async (rows: unknown[][]) => spreadsheetOf({ Encomendas: [HEADER, ...rows] });
export const xls = (rows: unknown[][]) => spreadsheetOf({ Encomendas: [HEADER, ...rows] }, 'biff8');
export const csv = (rows: unknown[][], sep = ',') =>
  Buffer.from([HEADER, ...rows].map((r) => r.join(sep)).join('\r\n'), 'utf8');
