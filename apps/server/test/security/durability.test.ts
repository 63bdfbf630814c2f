import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, testDialects, type TestDb } from '../helpers/test-db.js';
import { adminToken, freePort, ServerProcesses, until } from '../helpers/server-process.js';
import { spreadsheetOf } from '../helpers/spreadsheet.js';

const servers = new ServerProcesses();

/**
 * The server is killed with SIGKILL in the middle of a burst of writes; after a restart every write
 * it acknowledged is there, whole (a location with all its lockers), and nothing half-written is.
 */
describe.each(testDialects())('durability under SIGKILL [%s]', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cacifo-kill-'));
  let child: ChildProcess | null = null;
  let pgDb: TestDb | null = null;
  afterAll(async () => {
    await servers.killAll();
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  });

  it('keeps every acknowledged write and no partial one', async () => {
    const port = String(await freePort());
    const env: Record<string, string> = { PORT: port, DATA_DIR: dataDir, ADMIN_PASSWORD: 'admin-pass' };
    if (dialect === 'postgres') {
      pgDb = await createTestDb('postgres');
      // The server process opens its own connections; the test's handle is not needed.
      await pgDb.handle.close();
      env.DATABASE_URL = pgDb.databaseUrl!;
    }
    child = await servers.start(env);
    const base = `http://127.0.0.1:${port}`;
    const token = await adminToken(base);
    const acknowledged: string[] = [];
    let sent = 0;
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        const name = `Kill ${w}-${i}`;
        sent++;
        try {
          const r = await fetch(`${base}/api/julian/place`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              name,
              type: 'OFFICE',
              lockers: Array.from({ length: 12 }, (_, d) => ({ doorNumber: d + 1, size: 'M' })),
            }),
          });
          if (r.status === 200) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    // Killed in the middle of the burst, once a few writes were acknowledged: after a fixed 1.5 s a
    // busy machine had sometimes acknowledged only one.
    await until(() => acknowledged.length > 3, 60_000);
    child.kill('SIGKILL');
    await writers;
    expect(acknowledged.length).toBeGreaterThan(3);

    child = await servers.start(env);
    // Every page: a fast server acknowledges more than one page of locations in 1.5 s.
    type PlacesPage = { Data: { places: Array<{ name: string; lockers: number }>; totalPlaces: number } };
    const places: PlacesPage['Data']['places'] = [];
    for (let total = Infinity; places.length < total;) {
      const after = await fetch(
        `${base}/api/julian/places?max_results=500&offset=${places.length}&type=ALL`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      const page = ((await after.json()) as PlacesPage).Data;
      if (page.places.length === 0) break;
      places.push(...page.places);
      total = page.totalPlaces;
    }
    const names = new Set(places.map((p) => p.name));
    const lost = acknowledged.filter((n) => !names.has(n));
    expect(lost).toEqual([]);
    // Every stored location is whole: all 12 lockers or it would not exist at all.
    const partial = places.filter((p) => p.name.startsWith('Kill ') && p.lockers !== 12);
    expect(partial).toEqual([]);
    console.info(`durability: ${sent} writes sent, ${acknowledged.length} acknowledged, 0 lost, 0 partial`);
  }, 90_000);

  it('never leaves half an import: killed mid-import, the file is all there or not at all', async () => {
    const port = String(await freePort());
    const env: Record<string, string> = { PORT: port, DATA_DIR: dataDir, ADMIN_PASSWORD: 'admin-pass' };
    if (pgDb) env.DATABASE_URL = pgDb.databaseUrl!;
    child = await servers.start(env);
    const base = `http://127.0.0.1:${port}`;
    const token = await adminToken(base);
    const prefix = `SGPTKILL${Date.now() % 100000}`;
    const rows = 5000;
    const file = spreadsheetOf({
      Encomendas: [
        ['Package ID', 'Telefone', 'Referência', 'Email'],
        ...Array.from({ length: rows }, (_, i) => [
          `${prefix}${String(i).padStart(5, '0')}`,
          '912345678',
          `PRT${i}`,
          '',
        ]),
      ],
    });
    const form = new FormData();
    form.append('file', new Blob([file]), 'orders.xlsx');
    const upload = fetch(`${base}/api/delivery/importOrders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).then(
      (r) => r.status,
      () => 'killed',
    );
    // Kill while the server is parsing or writing the import.
    await new Promise((r) => setTimeout(r, 400));
    child.kill('SIGKILL');
    const outcome = await upload;
    child = await servers.start(env);
    const list = await fetch(`${base}/api/delivery/listOrders?max_results=1&search=${prefix}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const total = ((await list.json()) as { Data: { totalDeliveries: number } }).Data.totalDeliveries;
    expect([0, rows]).toContain(total);
    if (outcome === 200) expect(total).toBe(rows);
    console.info(`durability: import killed (${String(outcome)}), ${total} of ${rows} rows stored`);
  }, 120_000);
});
