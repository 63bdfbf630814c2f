import {
  hasAllowedUploadExtension,
  importOrderRowSchema,
  IMPORT_ROWS_MAX,
  ORDER_STATE,
  REQUIRED_IMPORT_FIELDS,
  type ImportPreview,
  type ImportResult,
  type ImportRowReport,
} from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/schema.js';
import { uploadedFile } from '../../lib/uploaded-file.js';
import { newOrderRow, type NewOrderInput } from './new-order.js';
import { orderLogRow } from './order-log-writer.js';
import { orderImportRepository } from './order-import.repository.js';
import { cellText, readRows } from './order-import-file.js';
import { fieldsOfHeaders } from './order-import-headers.js';
import {
  IMPORT_CHECK_BATCH,
  IMPORT_WRITE_BATCH,
  type ImportProgressBoard,
  ImportProgressReporter,
} from './import-progress.js';
import type { OrdersDeps } from './orders-deps.js';
import { ordersRepository } from './orders.repository.js';

export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** How the columns are read: the person's mapping (one field or '' per column), and who hears progress. */
export interface ImportOptions {
  columns?: readonly string[] | undefined;
  progress?: ImportProgressReporter;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Reads and validates every row of an upload; nothing is written. */
export async function analyseImport(
  db: Db,
  fileName: string,
  buf: Buffer,
  options: ImportOptions = {},
): Promise<ImportPreview & { valid: number }> {
  const progress = options.progress ?? new ImportProgressReporter(null);
  if (!hasAllowedUploadExtension(fileName)) throw new AppError('invalidFileType');
  // One row past the limit is enough to know the file has too many; no more are kept.
  const matrix = await readRows(fileName, buf, IMPORT_ROWS_MAX + 2);
  const [header, ...body] = matrix;
  progress.update({ phase: 'checking', rowsRead: body.length });
  const headers = (header ?? []).map((h) => cellText(h));
  // The person's mapping wins over the names; a column it does not cover is left out.
  const fields = options.columns
    ? headers.map((_h, c) => options.columns![c] || null)
    : fieldsOfHeaders(headers);
  const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !fields.includes(f));
  if (missing.length > 0) {
    // The import page names the missing columns and offers to map the file's columns by hand:
    // `headers` are every column in order, `guess` what the names matched.
    throw new AppError('invalidFile', {
      reason: 'missingColumns',
      required: [...REQUIRED_IMPORT_FIELDS],
      missing,
      found: headers.filter((h) => h !== '').slice(0, 30),
      headers: headers.slice(0, 50),
      guess: fields.slice(0, 50),
    });
  }
  if (body.length > IMPORT_ROWS_MAX)
    throw new AppError('invalidFile', { reason: 'tooManyRows', max: IMPORT_ROWS_MAX });
  const seen = new Set<string>();
  const rows: ImportRowReport[] = [];
  for (const [i, cells] of body.entries()) {
    // A large file is checked in batches, so the progress of this import can be read meanwhile.
    if (i > 0 && i % IMPORT_CHECK_BATCH === 0) {
      progress.update({ rowsChecked: i });
      await yieldToLoop();
    }
    const data: Record<string, unknown> = {};
    fields.forEach((f, c) => {
      if (f) data[f] = cellText(cells[c]);
    });
    if (!Object.values(data).some((v) => v !== '')) continue;
    const parsed = importOrderRowSchema.safeParse(data);
    const errors: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'row'] ??= issue.message;
    // One parcel whatever the case of its id (migration 0150).
    const pid = String(data.packageId ?? '').toLowerCase();
    if (pid && seen.has(pid)) errors.packageId ??= 'validation.duplicateInFile';
    seen.add(pid);
    rows.push({ row: i + 2, data: parsed.success ? parsed.data : data, errors, duplicate: false });
  }
  progress.update({ rowsChecked: body.length });
  const existing = await ordersRepository.existingPackageIds(
    db,
    rows.filter((r) => Object.keys(r.errors).length === 0).map((r) => String(r.data.packageId)),
  );
  for (const r of rows) {
    if (Object.keys(r.errors).length === 0 && existing.has(String(r.data.packageId).toLowerCase()))
      r.duplicate = true;
  }
  const valid = rows.filter((r) => Object.keys(r.errors).length === 0 && !r.duplicate).length;
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return { rows, valid, invalid, duplicates: rows.filter((r) => r.duplicate).length };
}

/**
 * Creates every valid order of the upload in one transaction: all or nothing. Idempotent by package
 * id: an order that already exists (an earlier import, a double submit) is skipped, not doubled.
 * The orders go in batches of IMPORT_WRITE_BATCH, each written whole (orders, their logs and their
 * announcement, ADR 0050) in a few multi-row statements; after each batch the progress counts it and
 * the event loop is let go, so a poll reads the figure while the transaction goes on (issue #33: it
 * was answered only once the whole write was over, at the figure from before it).
 */
async function submitImport(
  deps: Pick<OrdersDeps, 'db' | 'events'>,
  account: Account,
  fileName: string,
  buf: Buffer,
  options: ImportOptions,
): Promise<ImportResult> {
  const progress = options.progress ?? new ImportProgressReporter(null);
  const preview = await analyseImport(deps.db, fileName, buf, options);
  const good = preview.rows.filter((r) => Object.keys(r.errors).length === 0 && !r.duplicate);
  const now = nowIso();
  const orders = good.map((r) => newOrderRow(r.data as unknown as NewOrderInput, account, now));
  progress.update({ phase: 'writing', rowsToWrite: orders.length, rowsWritten: 0 });
  const created = await deps.db.transaction().execute(async (tx) => {
    let created = 0;
    for (let start = 0; start < orders.length; start += IMPORT_WRITE_BATCH) {
      const batch = orders.slice(start, start + IMPORT_WRITE_BATCH);
      const ids = await orderImportRepository.insertNew(tx, batch);
      const logs = [];
      for (const [i, order] of batch.entries()) {
        const id = ids.get(order.package_id);
        if (id === undefined) {
          // Taken since the preview (a concurrent import): skipped, as the idempotence promises.
          good[start + i]!.duplicate = true;
          continue;
        }
        logs.push(
          orderLogRow(
            { id, package_id: order.package_id, company: order.company ?? null, locker_id: null },
            'create',
            null,
            ORDER_STATE.CREATED,
            account,
            'import',
          ),
        );
      }
      await orderImportRepository.insertLogs(tx, logs);
      // Announced as one batch of creations (ADR 0050).
      const after = await ordersRepository.findByIds(tx, [...ids.values()]);
      await deps.events.emit(
        tx,
        after.map((order) => ({
          action: 'create' as const,
          orderId: order.id,
          before: null,
          after: order,
          actor: account,
          description: 'import',
          at: now,
        })),
      );
      created += ids.size;
      progress.update({ rowsWritten: start + batch.length });
      await yieldToLoop();
    }
    return created;
  });
  return {
    created,
    skipped: preview.rows.filter((r) => r.duplicate).length,
    invalid: preview.invalid,
    rows: preview.rows,
  };
}

/** What the query of an import upload asks for: the column mapping and the progress id. */
export type ImportQuery = { columns?: string[] | undefined; progress?: string | undefined };

/** Runs one import step under its progress entry: `done` or `failed` at the end, for the last poll. */
async function tracked<T>(
  board: ImportProgressBoard,
  account: Account,
  query: ImportQuery,
  run: (options: ImportOptions) => Promise<T>,
): Promise<T> {
  const progress = board.start(account.id, query.progress);
  try {
    const result = await run({ columns: query.columns, progress });
    progress.update({ phase: 'done' });
    return result;
  } catch (err) {
    progress.update({ phase: 'failed' });
    throw err;
  }
}

/** The preview of a request's uploaded file. */
export async function previewUpload(
  db: Db,
  board: ImportProgressBoard,
  account: Account,
  query: ImportQuery,
  req: FastifyRequest,
): Promise<ImportPreview> {
  const f = await uploadedFile(req, IMPORT_FILE_MAX_BYTES);
  return tracked(board, account, query, (options) => analyseImport(db, f.name, f.buf, options));
}

/** The import of a request's uploaded file. */
export async function submitUpload(
  deps: Pick<OrdersDeps, 'db' | 'events'>,
  board: ImportProgressBoard,
  account: Account,
  query: ImportQuery,
  req: FastifyRequest,
): Promise<ImportResult> {
  const f = await uploadedFile(req, IMPORT_FILE_MAX_BYTES);
  return tracked(board, account, query, (options) => submitImport(deps, account, f.name, f.buf, options));
}
