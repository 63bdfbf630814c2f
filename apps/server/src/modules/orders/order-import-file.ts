import { crc32, inflateRawSync } from 'node:zlib';
import { AppError } from '../../lib/errors.js';

/** A spreadsheet of IMPORT_ROWS_MAX orders unzips to a few MB; far more means a compression bomb. */
const IMPORT_UNZIPPED_MAX_BYTES = 50 * 1024 * 1024;

export type Cell = string | number | boolean | Date | null | undefined;

const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** An extra field of zip64 sizes (id 1) among the `length` bytes of extra fields at `from`. */
function hasZip64Sizes(buf: Buffer, from: number, length: number): boolean {
  const end = Math.min(from + length, buf.length);
  for (let at = from; at + 4 <= end; at += 4 + buf.readUInt16LE(at + 2))
    if (buf.readUInt16LE(at) === 0x0001) return true;
  return false;
}

/**
 * Walks the zip's central directory the way the xlsx reader (SheetJS) does, the count of its end
 * record's entries, and inflates every entry against one budget of `IMPORT_UNZIPPED_MAX_BYTES`:
 * the bytes actually inflated are counted, whatever sizes the zip declares (issue #31: a 1.46 MB
 * upload whose headers lied took the server to 1.7 GB). An entry whose inflated size is not the
 * declared one is refused, and so is one whose local header declares other sizes than the
 * directory or carries zip64 sizes (the reader sizes its output buffer by the local header), so
 * the reader only ever inflates what was counted here; so is one whose CRC-32 is not its content's.
 * The declared sizes are checked first, so an honest bomb is refused before anything is inflated.
 */
function checkZip(buf: Buffer) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buf.length) throw new Error('zip directory missing');
  const declaredEntries = buf.readUInt16LE(eocd + 10);
  const dirAt = buf.readUInt32LE(eocd + 16);
  // 0xffff / 0xffffffff in any field of the end record send the reader to a zip64 record, and so
  // to a directory of its choosing: far beyond any orders file.
  const shorts = [4, 6, 8, 10].map((o) => buf.readUInt16LE(eocd + o));
  const longs = [12, 16].map((o) => buf.readUInt32LE(eocd + o));
  if (shorts.includes(0xffff) || longs.includes(0xffffffff))
    throw new AppError('payloadTooLarge', { reason: 'zip64' });
  // The reader counts the entries of this disk, the directory those of the zip: one and the same.
  if (buf.readUInt16LE(eocd + 8) !== declaredEntries) throw new Error('zip directory corrupt');
  type Entry = { method: number; crc: number; compressed: number; size: number; local: number };
  const entries: Entry[] = [];
  let declared = 0;
  for (let at = dirAt; at + 46 <= buf.length && buf.readUInt32LE(at) === CENTRAL_HEADER;) {
    const e = {
      method: buf.readUInt16LE(at + 10),
      crc: buf.readUInt32LE(at + 16),
      compressed: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      local: buf.readUInt32LE(at + 42),
    };
    if (hasZip64Sizes(buf, at + 46 + buf.readUInt16LE(at + 28), buf.readUInt16LE(at + 30)))
      throw new AppError('payloadTooLarge', { reason: 'zip64' });
    if (e.size === 0xffffffff || e.compressed === 0xffffffff || e.local === 0xffffffff)
      throw new AppError('payloadTooLarge', { reason: 'zip64' });
    declared += e.size;
    if (declared > IMPORT_UNZIPPED_MAX_BYTES || (e.compressed > 0 && e.size / e.compressed > 1000))
      throw new AppError('payloadTooLarge', { reason: 'compressionRatio' });
    entries.push(e);
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  if (entries.length === 0 || entries.length !== declaredEntries) throw new Error('zip directory corrupt');
  let budget = IMPORT_UNZIPPED_MAX_BYTES;
  for (const e of entries) {
    if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== LOCAL_HEADER)
      throw new Error('zip entry corrupt');
    const streamed = (buf.readUInt16LE(e.local + 6) & 0x0008) !== 0;
    const [localCompressed, localSize] = [buf.readUInt32LE(e.local + 18), buf.readUInt32LE(e.local + 22)];
    // The directory's sizes, or zeros when they follow the data (bit 3).
    const agree =
      (localCompressed === e.compressed && localSize === e.size) ||
      (streamed && localCompressed === 0 && localSize === 0);
    if (!agree) throw new Error('zip local sizes differ from the directory');
    if (hasZip64Sizes(buf, e.local + 30 + buf.readUInt16LE(e.local + 26), buf.readUInt16LE(e.local + 28)))
      throw new AppError('payloadTooLarge', { reason: 'zip64' });
    const from = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
    if (from + e.compressed > buf.length) throw new Error('zip entry truncated');
    const data = buf.subarray(from, from + e.compressed);
    let content: Buffer;
    if (e.method === 0 || e.compressed === 0) content = data;
    else if (e.method === 8) {
      try {
        // One byte over the budget is enough to know: zlib stops there instead of going on.
        content = inflateRawSync(data, { maxOutputLength: budget + 1 });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new AppError('payloadTooLarge', { reason: 'unzippedSize' });
        throw err;
      }
    } else throw new Error('zip compression method');
    if (content.length > budget) throw new AppError('payloadTooLarge', { reason: 'unzippedSize' });
    if (content.length !== e.size) throw new Error('zip entry size mismatch');
    // The reader checks no checksum: damaged data would be read as text (NUL bytes and all).
    if (crc32(content) !== e.crc) throw new Error('zip entry checksum mismatch');
    budget -= content.length;
  }
}

/**
 * The text of a CSV: UTF-8 when the bytes are valid UTF-8 (with or without a BOM), otherwise
 * Windows-1252, what Excel on Windows saves as "CSV" in Portugal ("Telemóvel" as 0xF3).
 */
export function csvText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}

/**
 * The delimiter of a CSV, from its first line: the most frequent of `,` `;` tab and `|` outside
 * quotes (Excel in Portugal writes `;`, elsewhere `,`). A file with one column answers `,`.
 */
export function csvDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0, '|': 0 };
  let quoted = false;
  for (const ch of text.replace(/^\uFEFF/, '')) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  return Object.entries(counts).reduce((best, c) => (c[1] > best[1] ? c : best), [',', 0])[0];
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).trim();
}

/**
 * The first worksheet's rows that hold a value, at most `limit`, read by @e965/xlsx (SheetJS) as
 * typed values: numbers, text, booleans, dates as `Date` (their UTC reading is the day the sheet
 * shows), a formula's last result. Rows start at column A whatever the sheet's used range. The
 * whole workbook is loaded, which the caps bound (5 MB uploaded, `IMPORT_UNZIPPED_MAX_BYTES`
 * unzipped, checked by `checkZip` first).
 */
async function readXlsx(buf: Buffer, limit: number): Promise<Cell[][]> {
  // Loaded on the first import, not at start: the spreadsheet reader is a large module.
  const { read, utils } = await import('@e965/xlsx');
  const wb = read(buf, { type: 'buffer', cellDates: true, dense: true });
  const first = wb.SheetNames[0];
  const ws = first === undefined ? undefined : wb.Sheets[first];
  if (!ws?.['!ref']) return [];
  const range = utils.decode_range(ws['!ref']);
  range.s.c = 0;
  return utils
    .sheet_to_json<Cell[]>(ws, { header: 1, blankrows: false, raw: true, range, UTC: true })
    .slice(0, limit);
}

/**
 * The rows of an upload, header first, blank rows left out, at most `limit`: a caller that gets
 * `limit` rows back knows the file has at least that many (a CSV stops being parsed there). The
 * parsers load on first use.
 */
export async function readRows(fileName: string, buf: Buffer, limit: number): Promise<Cell[][]> {
  const lower = fileName.toLowerCase();
  if (buf.length === 0) throw new AppError('invalidFile', { reason: 'empty' });
  try {
    if (lower.endsWith('.csv')) {
      if (buf.includes(0)) throw new Error('binary content');
      const { parse: parseCsv } = await import('csv-parse/sync');
      const text = csvText(buf);
      return parseCsv(text, {
        bom: true,
        delimiter: csvDelimiter(text),
        relax_column_count: true,
        skip_empty_lines: true,
        to: limit,
      }) as string[][];
    }
    if (lower.endsWith('.xlsx')) {
      // A zip file starts with PK\x03\x04: anything else behind the extension is refused unread.
      if (buf.readUInt32LE(0) !== 0x04034b50) throw new Error('not a zip');
      checkZip(buf);
      return await readXlsx(buf, limit);
    }
    // .xls: the legacy OLE2 compound file (D0 CF 11 E0).
    if (buf.readUInt32BE(0) !== 0xd0cf11e0) throw new Error('not an OLE2 file');
    const { read: readXls, utils: xlsUtils } = await import('@e965/xlsx');
    const wb = readXls(buf, { type: 'buffer', cellDates: true, dense: true });
    const first = wb.SheetNames[0];
    if (!first) return [];
    return xlsUtils
      .sheet_to_json<Cell[]>(wb.Sheets[first]!, { header: 1, blankrows: false, raw: false })
      .slice(0, limit);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The parser's own words ('Bug : uncompressed data size mismatch') are no answer to give a
    // client (issue #31): the reply says the file is unreadable, the message keeps the detail.
    throw new AppError(
      'invalidFile',
      { reason: 'unreadable' },
      `unreadable file: ${String((err as Error)?.message)}`,
    );
  }
}
