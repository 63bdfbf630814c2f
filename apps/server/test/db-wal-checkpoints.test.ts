import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from '../src/db/connect.js';
import { sql } from '../src/db/helpers.js';
import { WRITER_AUTOCHECKPOINT_PAGES } from '../src/db/sqlite-checkpointer.js';

/**
 * SQLite: the WAL is checkpointed by the worker (src/db/sqlite-checkpointer.ts), not by a commit
 * on the event loop. The writer's own threshold is far above what the writes here reach, so the
 * database file grows only if the worker copies the pages back.
 */
describe('SQLite WAL checkpoints', () => {
  let dir: string;
  let handle: DbHandle | null = null;
  afterEach(async () => {
    await handle?.close();
    handle = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves checkpoints to its worker, which copies committed pages into the database file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cacifo-wal-'));
    handle = connectDatabase({ dataDir: dir });
    const { db } = handle;
    const pragma = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(pragma.rows[0]!.wal_autocheckpoint).toBe(WRITER_AUTOCHECKPOINT_PAGES);

    await sql`create table filler (id integer primary key, body blob not null)`.execute(db);
    const file = join(dir, 'cacifo.sqlite');
    const before = statSync(file).size;
    // About 2 MB in 200 commits: some 500 pages, all in the WAL until someone checkpoints.
    const body = Buffer.alloc(10_000, 7);
    for (let i = 0; i < 200; i++) await sql`insert into filler (body) values (${body})`.execute(db);
    expect(statSync(join(dir, 'cacifo.sqlite-wal')).size).toBeGreaterThan(2_000_000);

    let after = before;
    for (let waited = 0; waited < 5000 && after < before + 2_000_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
      after = statSync(file).size;
    }
    expect(after).toBeGreaterThan(before + 2_000_000);
    // Still one database: the rows read back through the handle.
    const n = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
    expect(n.rows[0]!.n).toBe(200);
  });

  it('stops its worker on close', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cacifo-wal-'));
    const h = connectDatabase({ dataDir: dir });
    await sql`create table t (id integer primary key)`.execute(h.db);
    await h.close();
    // Closed last, the writer checkpointed and removed the WAL: no other connection held it open.
    expect(() => statSync(join(dir, 'cacifo.sqlite-wal'))).toThrow();
  });
});
