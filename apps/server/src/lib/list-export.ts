import { PassThrough, type Writable } from 'node:stream';
import { once } from 'node:events';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { EXPORT_CONTENT_TYPES, safeCellText, type ExportFormat } from '@cacifo/contract';
import { xlsxStream } from './xlsx-stream.js';

/*
 * The export of a filtered list (issue #22, ADR 0080): written as it is read, chunk by chunk, so a
 * million rows take the memory of one chunk. The .csv starts with a UTF-8 BOM (Excel then reads
 * Portuguese text right); the .xlsx is deflated into its zip as it is written (lib/xlsx-stream.ts:
 * inline strings, no shared-string table). Every text cell goes through safeCellText (formula
 * injection).
 */

type CellValue = string | number | null;
interface ExportColumn<R> {
  header: string;
  value: (row: R) => CellValue;
  /** Column width in characters (.xlsx only). */
  width?: number;
}

export interface ExportSpec<R> {
  format: ExportFormat;
  /** File name without its extension. */
  fileName: string;
  sheetName: string;
  columns: readonly ExportColumn<R>[];
  /** The rows, a chunk at a time, in the list's order. */
  chunks: AsyncIterable<readonly R[]>;
}

const cell = (v: CellValue) => (typeof v === 'string' ? safeCellText(v) : v);

/** Waits for the reader when the stream's buffer is full: the database is read no faster than the client takes. */
async function drained(stream: Writable) {
  if (stream.destroyed) throw new ExportAborted();
  if (!stream.writableNeedDrain) return;
  const gone = new AbortController();
  // The client went away while we waited: stop reading the database.
  const onClose = () => gone.abort();
  stream.once('close', onClose);
  try {
    await once(stream, 'drain', { signal: gone.signal });
  } catch {
    throw new ExportAborted();
  } finally {
    stream.off('close', onClose);
  }
}

/** The download was closed before its end (the client left): not an error of ours. */
class ExportAborted extends Error {}

async function writeCsv<R>(out: PassThrough, spec: ExportSpec<R>): Promise<number> {
  let rows = 0;
  out.write('\uFEFF');
  out.write(stringify([spec.columns.map((c) => safeCellText(c.header))], { record_delimiter: 'windows' }));
  for await (const chunk of spec.chunks) {
    const records = chunk.map((r) => spec.columns.map((c) => cell(c.value(r)) ?? ''));
    out.write(stringify(records, { record_delimiter: 'windows' }));
    rows += chunk.length;
    await drained(out);
  }
  return rows;
}

async function writeXlsx<R>(out: PassThrough, spec: ExportSpec<R>): Promise<number> {
  const xlsx = xlsxStream(
    out,
    spec.sheetName.slice(0, 31),
    spec.columns.map((c) => c.width ?? 18),
  );
  try {
    xlsx.row(
      spec.columns.map((c) => safeCellText(c.header)),
      true,
    );
    let rows = 0;
    for await (const chunk of spec.chunks) {
      for (const r of chunk) xlsx.row(spec.columns.map((c) => cell(c.value(r))));
      rows += chunk.length;
      // The sheet's compressor fills once `out` does: waiting on both reads no faster than the client.
      await drained(xlsx.input);
      await drained(out);
    }
    await xlsx.end();
    return rows;
  } catch (err) {
    xlsx.destroy();
    throw err;
  }
}

/**
 * Writes the whole file into `out` (ended when done), reading a chunk only once `out` has room:
 * resolves to the number of rows written.
 */
export async function writeExport<R>(out: PassThrough, spec: ExportSpec<R>): Promise<number> {
  const rows = await (spec.format === 'csv' ? writeCsv(out, spec) : writeXlsx(out, spec));
  // The .xlsx writer ends the stream itself when it finishes the zip.
  if (spec.format === 'csv') out.end();
  return rows;
}

/**
 * Sends the export as the reply: headers first (the file name, the type), then the rows as the
 * database gives them. A failure after the first byte can only cut the download short (the client
 * sees a truncated file and says so); it is logged.
 */
export function sendExport<R>(reply: FastifyReply, spec: ExportSpec<R>): FastifyReply {
  const out = new PassThrough();
  const fileName = `${spec.fileName}.${spec.format}`;
  writeExport(out, spec).catch((err: unknown) => {
    if (err instanceof ExportAborted) return;
    reply.log.error({ err }, 'export failed after it started');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('Content-Type', EXPORT_CONTENT_TYPES[spec.format])
    .header(
      'Content-Disposition',
      `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('Cache-Control', 'no-store')
    .send(out);
}
