import { utils, write } from '@e965/xlsx';
import type { RunningServer } from './server.js';

export interface ImportFigure {
  rows: number;
  fileKb: number;
  status: number;
  description: string;
  created: number | null;
  seconds: number;
  peakRssMb: number;
  hwmAfterMb: number;
}

/** An orders spreadsheet as an operator would export it, written with the library the import reads it with. */
function ordersXlsx(rows: number, prefix: string): Buffer {
  const sheet = utils.aoa_to_sheet([
    ['Encomenda', 'Telemóvel', 'Nome', 'Email', 'Referência'],
    ...Array.from({ length: rows }, (_, i) => [
      `${prefix}${String(i).padStart(6, '0')}`,
      `91${String(i).padStart(7, '0')}`,
      `Cliente ${i}`,
      `cliente${i}@mail.pt`,
      `R${i}`,
    ]),
  ]);
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'Encomendas');
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * Uploads each file to the committing import call and samples the server's RSS every 20 ms while
 * it works. The peak RSS includes what the process held before; VmHWM is the process's lifetime peak.
 */
export async function runImport(opts: {
  url: string;
  token: string;
  server: RunningServer;
  rows: number[];
}): Promise<ImportFigure[]> {
  const out: ImportFigure[] = [];
  for (const rows of opts.rows) {
    const buf = ordersXlsx(rows, `IMP${Date.now().toString(36).toUpperCase()}`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buf)]), `encomendas-${rows}.xlsx`);
    let peak = opts.server.memory().rssMb;
    const sampler = setInterval(() => (peak = Math.max(peak, opts.server.memory().rssMb)), 20);
    const t0 = performance.now();
    const res = await fetch(`${opts.url}/api/delivery/importOrders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.token}` },
      body: form,
    });
    const body = (await res.json()) as { Description?: string; Data?: { created?: number; reason?: string } };
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const f: ImportFigure = {
      rows,
      fileKb: Math.round(buf.length / 1024),
      status: res.status,
      description: [body.Description, body.Data?.reason].filter(Boolean).join(' '),
      created: body.Data?.created ?? null,
      seconds: +seconds.toFixed(2),
      peakRssMb: Math.round(peak),
      hwmAfterMb: Math.round(opts.server.memory().hwmMb),
    };
    console.log(
      `  import ${rows} rows: ${f.status} ${f.description} created ${f.created} in ${f.seconds} s, peak RSS ${f.peakRssMb} MB`,
    );
    out.push(f);
  }
  return out;
}
