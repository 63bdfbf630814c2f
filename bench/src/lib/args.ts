import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Scale = 'small' | 'large';
export type DbKind = 'sqlite' | 'postgres';

export const BENCH_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TMP_DIR = join(BENCH_ROOT, 'tmp');
export const RESULTS_DIR = join(BENCH_ROOT, 'results');
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'bench1234';

/** `--name value` and `--flag` pairs; unknown names are refused so a typo never runs the wrong scale. */
export function parseArgs(argv: string[], known: Record<string, 'value' | 'flag'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') continue;
    const [name, inline] = a.replace(/^--/, '').split('=', 2) as [string, string | undefined];
    const kind = known[name];
    if (!a.startsWith('--') || !kind)
      throw new Error(`unknown argument ${a}; known: ${Object.keys(known).join(', ')}`);
    if (kind === 'flag') out[name] = '1';
    else {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`--${name} needs a value`);
      out[name] = v;
    }
  }
  return out;
}

export function scaleOf(v: string | undefined): Scale {
  if (v === undefined || v === 'small' || v === 'large') return v ?? 'small';
  throw new Error('--scale must be small or large');
}

export function dbOf(v: string | undefined): DbKind {
  if (v === undefined || v === 'sqlite' || v === 'postgres') return v ?? 'sqlite';
  throw new Error('--db must be sqlite or postgres');
}

/** Where a generated data set lives: a SQLite folder, or a PostgreSQL database of its own. */
export function dataTarget(scale: Scale, db: DbKind, url?: string) {
  const name = `${db}-${scale}`;
  return {
    name,
    dataDir: join(TMP_DIR, name),
    metaFile: join(TMP_DIR, `${name}.meta.json`),
    databaseUrl:
      db === 'postgres' ? (url ?? `postgres://postgres@127.0.0.1:5432/cacifo_bench_${scale}`) : undefined,
  };
}
