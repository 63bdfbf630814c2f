import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DbHandle } from '../../src/db/connect.js';
import type { Dialect } from '../../src/db/helpers.js';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDb {
  handle: DbHandle;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, empty database of its own: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDb(dialect: Dialect): Promise<TestDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cacifo-test-'));
  if (dialect === 'sqlite') {
    const handle = connectDatabase({ dataDir });
    return {
      handle,
      dataDir,
      databaseUrl: undefined,
      async drop() {
        await handle.close().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `cacifo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = connectDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    handle,
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await handle.close().catch(() => {});
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
