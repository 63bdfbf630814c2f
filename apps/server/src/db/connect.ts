import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import type { Database, Db } from './schema.js';
import { migrations } from './migrations/index.js';
import { InlineLimitsPlugin } from './inline-limits.js';
import { PreparedStatementPool } from './prepared-pool.js';
import { ReadRoutingSqliteDialect } from './sqlite-read-routing.js';
import { withStatementCache } from './sqlite-statements.js';
import { startCheckpointer, WRITER_AUTOCHECKPOINT_PAGES } from './sqlite-checkpointer.js';
import type { Dialect } from './helpers.js';
import { TenantScopePlugin } from './tenant-plugin.js';
import { TenantScopedPool } from './tenant-pool.js';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL pool, for NOTIFY; null on SQLite. */
  pool: pg.Pool | null;
  /** PostgreSQL URL, for connections that must live outside the pool (LISTEN); null on SQLite. */
  url: string | null;
  close(): Promise<void>;
}

// PostgreSQL int8 (count(*), sums) as numbers: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export function connectDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL pool size (DATABASE_POOL_MAX), 10 by default. */
  databasePoolMax?: number;
}): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.databasePoolMax ?? 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.error('postgres: idle client error', err.message));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new TenantScopedPool(new PreparedStatementPool(pool)) }),
      // InlineLimitsPlugin: lists on generic plans, LIMIT as a literal (issue #34).
      plugins: [new TenantScopePlugin(), new InlineLimitsPlugin()],
    });
    return { db, dialect: 'postgres', pool, url: opts.databaseUrl, close: () => db.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = join(opts.dataDir, 'cacifo.sqlite');
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Checkpoints happen in a worker, not in a commit on the event loop (sqlite-checkpointer.ts).
  sqlite.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_PAGES}`);
  const checkpointer = startCheckpointer(file, {
    onError: (message) => console.error('sqlite: WAL checkpoint worker:', message),
  });
  // A second connection answers SELECTs outside transactions while the writer is busy
  // (sqlite-read-routing.ts); it never writes.
  const reader = new SQLite(file);
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new ReadRoutingSqliteDialect(withStatementCache(sqlite), withStatementCache(reader)),
    // SQLite has no row-level security: there the plugin is the only wall (ADR 0200).
    plugins: [new TenantScopePlugin()],
  });
  const close = async () => {
    await checkpointer.close();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', pool: null, url: null, close };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
