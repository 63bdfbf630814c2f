import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { read as readXls, utils as xlsUtils } from '@e965/xlsx';
import {
  hasAllowedUploadExtension,
  importOrderRowSchema,
  IMPORT_ROWS_MAX,
  ORDER_RECIPIENT_NAME,
  ORDER_STATE,
  type ImportPreview,
  type ImportResult,
  type ImportRowReport,
} from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../plugins/auth.js';
import type { Db } from '../../db/schema.js';
import { writeLog } from './order-engine.js';
import { ordersRepository } from './orders.repository.js';

export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Header spellings accepted for each field (case, accents, spaces and underscores ignored). */
const HEADERS: Record<string, string[]> = {
  packageId: ['packageid', 'package', 'encomenda', 'idencomenda', 'codigoencomenda', 'pacote', 'idpacote'],
  recipientPhone: ['recipientphone', 'phone', 'telefone', 'telemovel', 'telemóvel', 'contacto'],
  recipientNumber: ['recipientnumber', 'reference', 'referencia', 'partnerreference', 'referenciaparceiro'],
  recipientEmail: ['recipientemail', 'email', 'correioeletronico'],
  recipientName: ['recipientname', 'name', 'nome', 'destinatario'],
};
const normalise = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const FIELD_BY_HEADER = new Map(
  Object.entries(HEADERS).flatMap(([f, hs]) => hs.map((h) => [normalise(h), f])),
);

/** A spreadsheet of IMPORT_ROWS_MAX orders unzips to a few MB; far more means a compression bomb. */
export const IMPORT_UNZIPPED_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Sums the uncompressed sizes the zip's central directory declares and refuses the file before
 * anything is inflated. A zip whose directory cannot be read is refused too.
 */
function checkZipSize(buf: Buffer) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buf.length) throw new Error('zip directory missing');
  const entries = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw new Error('zip directory corrupt');
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    // 0xffffffff marks a zip64 entry: far beyond any orders file.
    if (size === 0xffffffff || compressed === 0xffffffff)
      throw new AppError('payloadTooLarge', { reason: 'zip64' });
    total += size;
    if (total > IMPORT_UNZIPPED_MAX_BYTES || (compressed > 0 && size / compressed > 1000)) {
      throw new AppError('payloadTooLarge', { reason: 'compressionRatio' });
    }
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
}

type Cell = string | number | boolean | Date | null | undefined;

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    // exceljs rich text, hyperlinks and formulas
    const o = v as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    return '';
  }
  return String(v).trim();
}

async function readMatrix(fileName: string, buf: Buffer): Promise<Cell[][]> {
  const lower = fileName.toLowerCase();
  if (buf.length === 0) throw new AppError('invalidFile', { reason: 'empty' });
  try {
    if (lower.endsWith('.csv')) {
      if (buf.includes(0)) throw new Error('binary content');
      return parseCsv(buf, {
        bom: true,
        delimiter: [',', ';'],
        relax_column_count: true,
        skip_empty_lines: true,
      }) as string[][];
    }
    if (lower.endsWith('.xlsx')) {
      // A zip file starts with PK\x03\x04: anything else behind the extension is refused unread.
      if (buf.readUInt32LE(0) !== 0x04034b50) throw new Error('not a zip');
      checkZipSize(buf);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      if (!ws) return [];
      const rows: Cell[][] = [];
      ws.eachRow({ includeEmpty: false }, (row) => {
        const values = row.values as Cell[];
        rows.push(values.slice(1));
      });
      return rows;
    }
    // .xls: the legacy OLE2 compound file (D0 CF 11 E0).
    if (buf.readUInt32BE(0) !== 0xd0cf11e0) throw new Error('not an OLE2 file');
    const wb = readXls(buf, { type: 'buffer', cellDates: true, dense: true });
    const first = wb.SheetNames[0];
    if (!first) return [];
    return xlsUtils.sheet_to_json<Cell[]>(wb.Sheets[first]!, { header: 1, blankrows: false, raw: false });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('invalidFile', { reason: (err as Error).message.slice(0, 200) });
  }
}

/** Reads and validates every row of an upload; nothing is written. */
export async function analyseImport(
  db: Db,
  fileName: string,
  buf: Buffer,
): Promise<ImportPreview & { valid: number }> {
  if (!hasAllowedUploadExtension(fileName)) throw new AppError('invalidFileType');
  const matrix = await readMatrix(fileName, buf);
  const [header, ...body] = matrix;
  const fields = (header ?? []).map((h) => FIELD_BY_HEADER.get(normalise(cellText(h))) ?? null);
  if (!fields.includes('packageId') || !fields.includes('recipientPhone')) {
    throw new AppError('invalidFile', {
      reason: 'missingColumns',
      required: ['packageId', 'recipientPhone'],
    });
  }
  if (body.length > IMPORT_ROWS_MAX)
    throw new AppError('invalidFile', { reason: 'tooManyRows', max: IMPORT_ROWS_MAX });
  const seen = new Set<string>();
  const rows: ImportRowReport[] = body
    .map((cells, i) => {
      const data: Record<string, unknown> = {};
      fields.forEach((f, c) => {
        if (f) data[f] = cellText(cells[c]);
      });
      return { row: i + 2, data };
    })
    .filter((r) => Object.values(r.data).some((v) => v !== ''))
    .map(({ row, data }) => {
      const parsed = importOrderRowSchema.safeParse(data);
      const errors: Record<string, string> = {};
      if (!parsed.success)
        for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'row'] ??= issue.message;
      const pid = String(data.packageId ?? '');
      if (pid && seen.has(pid)) errors.packageId ??= 'validation.duplicateInFile';
      seen.add(pid);
      return { row, data: parsed.success ? parsed.data : data, errors, duplicate: false };
    });
  const existing = await ordersRepository.existingPackageIds(
    db,
    rows.filter((r) => Object.keys(r.errors).length === 0).map((r) => String(r.data.packageId)),
  );
  for (const r of rows) {
    if (Object.keys(r.errors).length === 0 && existing.has(String(r.data.packageId))) r.duplicate = true;
  }
  const valid = rows.filter((r) => Object.keys(r.errors).length === 0 && !r.duplicate).length;
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return { rows, valid, invalid, duplicates: rows.filter((r) => r.duplicate).length };
}

/**
 * Creates every valid order of the upload in one transaction: all or nothing. Idempotent by package
 * id: an order that already exists (an earlier import, a double submit) is skipped, not doubled.
 */
export async function submitImport(
  db: Db,
  account: Account,
  fileName: string,
  buf: Buffer,
): Promise<ImportResult> {
  const preview = await analyseImport(db, fileName, buf);
  const good = preview.rows.filter((r) => Object.keys(r.errors).length === 0 && !r.duplicate);
  const company = account.company && account.role !== 'admin' ? account.company : null;
  const now = nowIso();
  const created = await db.transaction().execute(async (tx) => {
    let n = 0;
    for (const r of good) {
      const d = r.data as {
        packageId: string;
        recipientPhone: string;
        recipientNumber?: string;
        recipientEmail?: string;
        recipientName?: string;
        deliveryType?: number;
      };
      const id = await ordersRepository.insertIfNew(tx, {
        package_id: d.packageId,
        delivery_type: d.deliveryType ?? 1,
        recipient_name: d.recipientName || ORDER_RECIPIENT_NAME,
        recipient_email: d.recipientEmail ?? '',
        recipient_phone: d.recipientPhone,
        recipient_number: d.recipientNumber ?? '',
        state: ORDER_STATE.CREATED,
        company,
        created_by: account.id,
        created_by_name: account.name || account.username,
        created_at: now,
        updated_at: now,
      });
      if (id === null) {
        r.duplicate = true;
        continue;
      }
      await writeLog(
        tx,
        { id, package_id: d.packageId, company, locker_id: null },
        'create',
        null,
        ORDER_STATE.CREATED,
        account,
        'import',
      );
      n++;
    }
    return n;
  });
  return {
    created,
    skipped: preview.rows.filter((r) => r.duplicate).length,
    invalid: preview.invalid,
    rows: preview.rows,
  };
}
