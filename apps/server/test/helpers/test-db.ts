import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { connectDatabase, migrateToLatest, type DbHandle } from '../../src/db/connect.js';
import { sql, type Dialect } from '../../src/db/helpers.js';

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

/**
 * The migrations' fingerprint: their files' contents, so an edited migration builds a new template.
 */
function migrationsHash(): string {
  const dir = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  return hash.digest('hex').slice(0, 12);
}

// About 80 suites each start from a fresh database; running every migration for each cost two to
// four seconds per PostgreSQL suite on two cores. Each database is instead copied from a template
// migrated once per migration set; the app's own migrateToLatest then finds nothing to do.
let sqliteTemplate: string | undefined;
async function sqliteTemplateFile(): Promise<string> {
  if (sqliteTemplate && existsSync(sqliteTemplate)) return sqliteTemplate;
  const file = join(tmpdir(), `cacifo-test-template-${migrationsHash()}.sqlite`);
  if (!existsSync(file)) {
    // Built beside and renamed into place: another worker never copies a half-migrated file.
    const buildDir = mkdtempSync(join(tmpdir(), 'cacifo-template-build-'));
    const handle = connectDatabase({ dataDir: buildDir });
    await migrateToLatest(handle.db);
    await handle.close();
    renameSync(join(buildDir, 'cacifo.sqlite'), file);
    rmSync(buildDir, { recursive: true, force: true });
  }
  return (sqliteTemplate = file);
}

let pgTemplate: Promise<string> | undefined;
function postgresTemplate(base: string): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `cacifo_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      // One builder across the test workers; the others wait here, then find it made.
      await admin.query('SELECT pg_advisory_lock(7414029)');
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_b${process.pid}`;
        await admin.query(`DROP DATABASE IF EXISTS ${building}`);
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(base);
        url.pathname = `/${building}`;
        const handle = connectDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
        await migrateToLatest(handle.db);
        await handle.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7414029)').catch(() => {});
      await admin.end();
    }
    return name;
  })();
  return pgTemplate;
}

/** A fresh, migrated database of its own: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDb(dialect: Dialect): Promise<TestDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cacifo-test-'));
  if (dialect === 'sqlite') {
    copyFileSync(await sqliteTemplateFile(), join(dataDir, 'cacifo.sqlite'));
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
  const template = await postgresTemplate(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (err) {
      // Two copies of one template at the same instant: PostgreSQL refuses the second while the
      // first holds the template; it is free a moment later.
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
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

// An untyped handle: probe tests use a table of their own, outside the app's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ProbeDb = Kysely<any>;

/**
 * A fresh database holding one probe table (`id integer PRIMARY KEY, a text NOT NULL`) with these
 * rows, for tests of the database layer itself (connections, statements) rather than of the app.
 */
export async function createProbeDb(
  dialect: Dialect,
  table: string,
  rows: readonly { id: number; a: string }[],
): Promise<{ t: TestDb; db: ProbeDb }> {
  const t = await createTestDb(dialect);
  const db = t.handle.db as unknown as ProbeDb;
  await sql`CREATE TABLE ${sql.table(table)} (id integer PRIMARY KEY, a text NOT NULL)`.execute(db);
  if (rows.length)
    await db
      .insertInto(table)
      .values([...rows])
      .execute();
  return { t, db };
}
