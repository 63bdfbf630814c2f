import { beforeAll, expect, it } from 'vitest';
import type { ImportProgress, ImportResult } from '@cacifo/contract';
import { describeEachDb, signIn } from './helpers/test-app.js';
import { newPackageId } from './helpers/order-fixtures.js';

const ROWS = 5_000;

/**
 * The import's progress moves while the orders are written (issue #33: it stayed at the figure
 * from before the write, then jumped to done). Read over real HTTP, as the page polls it: a poll is
 * answered only when the server lets go of the event loop.
 */
describeEachDb('order import: progress during the write', (ctx) => {
  let importer: Awaited<ReturnType<typeof signIn>>;
  let base: string;
  beforeAll(async () => {
    importer = await signIn(ctx.app, 'cacifo_importer', { company: 'Loja Progresso' });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const auth = () => ({ authorization: `Bearer ${importer.token}` });

  // On SQLite the import's transaction holds the writing connection; the polls' sign-in checks read
  // from the other one (src/db/sqlite-read-routing.ts), so they are answered during the write.
  it(`polls see the orders written rise batch by batch through ${ROWS} rows`, async () => {
    const prefix = newPackageId();
    const body = [
      'Package ID,Telefone',
      ...Array.from({ length: ROWS }, (_, i) => `${prefix}${String(i).padStart(5, '0')},912345678`),
    ].join('\r\n');
    const form = new FormData();
    form.append('file', new Blob([body], { type: 'text/csv' }), 'muitas.csv');
    const id = `write-progress-${prefix}`;
    let finished = false;
    const submit = fetch(`${base}/api/delivery/importOrders?progress=${id}`, {
      method: 'POST',
      headers: auth(),
      body: form,
    }).finally(() => {
      finished = true;
    });
    const written = new Set<number>();
    while (!finished) {
      const res = await fetch(`${base}/api/delivery/importOrders/progress?id=${id}`, { headers: auth() });
      const p = ((await res.json()) as { Data: ImportProgress }).Data;
      if (p?.phase === 'writing') {
        expect(p.rowsToWrite).toBe(ROWS);
        written.add(p.rowsWritten);
      }
    }
    const result = (await (await submit).json()) as { Data: ImportResult };
    expect(result.Data.created).toBe(ROWS);
    // Figures between none and all were read while the write went on (ten batches of 500; a poller in the same process reads about every other one).
    const between = [...written].filter((n) => n > 0 && n < ROWS);
    expect(between.length, JSON.stringify([...written])).toBeGreaterThanOrEqual(3);
    expect([...written].sort((a, b) => a - b)).toEqual([...written]);
  });
});
