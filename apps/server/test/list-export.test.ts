import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBook } from './helpers/spreadsheet.js';
import { writeExport, type ExportSpec } from '../src/lib/list-export.js';

interface Row {
  id: number;
  name: string;
}

/** A generated list of `total` rows, made a chunk at a time as the writer asks; `pulled` counts them. */
function generated(total: number, chunk = 500) {
  const state = { pulled: 0 };
  async function* chunks() {
    for (let start = 0; start < total; start += chunk) {
      state.pulled++;
      yield Array.from({ length: Math.min(chunk, total - start) }, (_, i) => ({
        id: start + i + 1,
        name: start + i === 0 ? '=HYPERLINK("http://x","y")' : `Utilizador ${start + i + 1} ção`,
      }));
    }
  }
  return { state, chunks: chunks() };
}

const spec = (format: 'csv' | 'xlsx', chunks: AsyncIterable<Row[]>): ExportSpec<Row> => ({
  format,
  fileName: 'lista',
  sheetName: 'Lista',
  chunks,
  columns: [
    { header: 'Id', value: (r) => r.id },
    { header: 'Nome', value: (r) => r.name },
  ],
});

/** Resolves once the writer waits for the reader (it listens for 'drain'). */
async function writerBlocked(out: PassThrough) {
  while (out.listenerCount('drain') === 0) await new Promise((r) => setImmediate(r));
}

async function readAll(out: PassThrough): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of out) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('list export stream', () => {
  it('reads no further than the reader takes (a large list in bounded memory), then writes every row (.csv)', async () => {
    const total = 200_000;
    const { state, chunks } = generated(total);
    const out = new PassThrough({ highWaterMark: 64 * 1024 });
    const done = writeExport(out, spec('csv', chunks));
    await writerBlocked(out);
    // 400 chunks to come; nobody reads, so the writer stopped once the stream's buffers were full
    // (2 x 64 KB of ~15 KB chunks).
    expect(state.pulled).toBeLessThanOrEqual(12);
    const [file, rows] = await Promise.all([readAll(out), done]);
    expect(rows).toBe(total);
    expect(state.pulled).toBe(total / 500);
    const text = file.toString('utf8');
    expect(text.startsWith('\uFEFFId,Nome\r\n')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    // Formula injection neutralised; quotes doubled as CSV wants.
    expect(lines[1]).toBe(`1,"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines[total]).toBe(`${total},Utilizador ${total} ção`);
  });

  it('does the same for .xlsx, whose rows read back in order', async () => {
    const total = 20_000;
    const { state, chunks } = generated(total);
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const done = writeExport(out, spec('xlsx', chunks));
    await writerBlocked(out);
    expect(state.pulled).toBeLessThanOrEqual(12);
    const [file, rows] = await Promise.all([readAll(out), done]);
    expect(rows).toBe(total);
    const book = readBook(file);
    expect(book.names).toEqual(['Lista']);
    const sheet = book.sheet('Lista');
    expect(sheet.rows).toHaveLength(total + 1);
    expect(sheet.rows[0]).toEqual(['Id', 'Nome']);
    expect(sheet.rows[1]).toEqual([1, `'=HYPERLINK("http://x","y")`]);
    expect(sheet.rows[total]).toEqual([total, `Utilizador ${total} ção`]);
    // The header in bold, columns 18 characters wide unless the column says otherwise.
    expect([sheet.bold('A1'), sheet.bold('B1'), sheet.bold('A2')]).toEqual([true, true, false]);
    expect(sheet.widths).toEqual([18, 18]);
  });
});
