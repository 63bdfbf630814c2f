/**
 * npm run bench -- [--scale small|large] [--db sqlite|postgres] [--url ...] [--seconds 10]
 *   [--connections 50] [--only api,realtime,import,web] [--ws-clients 1000] [--ws-places 50] [--events 100]
 *   [--instances 2 (PostgreSQL: realtime clients spread over two servers)] [--import-rows 10000,2000]
 *   [--no-lighthouse]
 * Starts the real server on a generated data set (npm run bench:data first) and measures it.
 * Figures go to bench/results/<timestamp>.json; docs/performance.md explains them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { dataTarget, dbOf, parseArgs, RESULTS_DIR, scaleOf } from './lib/args.js';
import { readMeta } from './lib/meta.js';
import { signIn, startServer } from './lib/server.js';
import { runApi, type ApiResult } from './lib/api-bench.js';
import { runBareFastify } from './lib/bare-fastify.js';
import { runRealtime } from './lib/realtime-bench.js';
import { runImport } from './lib/import-bench.js';
import { runWeb } from './lib/web-bench.js';
import type { LoadFigure } from './lib/load.js';

/** Answers once the server at `url` has recorded and published every door event received so far. */
async function untilSettled(url: string): Promise<void> {
  const settled = await fetch(`${url}/api/bench/settled`);
  if (!settled.ok) throw new Error(`bench/settled at ${url}: ${settled.status}`);
}

async function dbVersion(url: string | undefined): Promise<string> {
  if (!url) {
    const row = new SQLite(':memory:').prepare('select sqlite_version() as v').get() as { v: string };
    return `SQLite ${row.v}`;
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ server_version: string }>('show server_version');
  await c.end();
  return `PostgreSQL ${r.rows[0]?.server_version ?? '?'}`;
}

const PARTS = ['api', 'realtime', 'import', 'web'] as const;
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** How long the idle server is left alone before its memory is read a second time. */
const QUIET_MS = 25_000;

/**
 * The commit measured, read from the files git keeps (no git call: the bench runs in an exported
 * tree too, where it says `unknown` unless BENCH_COMMIT names it).
 */
function commitOf(): string {
  if (process.env.BENCH_COMMIT) return process.env.BENCH_COMMIT;
  try {
    let gitDir = join(REPO_ROOT, '.git');
    // A worktree's .git is a file naming its folder.
    if (statSync(gitDir).isFile())
      gitDir = readFileSync(gitDir, 'utf8')
        .replace(/^gitdir:\s*/, '')
        .trim();
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 7);
    const ref = head.slice(5);
    const common = existsSync(join(gitDir, 'commondir'))
      ? join(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim())
      : gitDir;
    for (const dir of [gitDir, common]) {
      if (existsSync(join(dir, ref))) return readFileSync(join(dir, ref), 'utf8').trim().slice(0, 7);
    }
    const packed = readFileSync(join(common, 'packed-refs'), 'utf8').split('\n');
    const line = packed.find((l) => l.endsWith(` ${ref}`));
    return line ? line.slice(0, 7) : 'unknown';
  } catch {
    return 'unknown';
  }
}

function machine(dbVersion: string) {
  return {
    date: new Date().toISOString(),
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: +(totalmem() / 1024 ** 3).toFixed(1),
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    node: process.version,
    db: dbVersion,
    commit: commitOf(),
  };
}

/** p50 growth against the newest result of the other scale on the same database, when there is one. */
function growth(api: ApiResult, scale: string, db: string) {
  const other = scale === 'small' ? 'large' : 'small';
  const files = readdirSync(RESULTS_DIR)
    .filter((f) => /^\d.*\.json$/.test(f))
    .sort()
    .reverse();
  for (const f of files) {
    const prev = JSON.parse(readFileSync(join(RESULTS_DIR, f), 'utf8')) as {
      scale: string;
      db: string;
      api?: ApiResult;
    };
    if (prev.scale !== other || prev.db !== db || !prev.api) continue;
    const [small, large] = scale === 'small' ? [api, prev.api] : [prev.api, api];
    return {
      against: f,
      calls: large.calls.map((c) => {
        const s = small.calls.find((x) => x.name === c.name);
        // autocannon's p50 is whole milliseconds (2 against 3 ms is a 1.5 x "growth"); the
        // steady figures have a tenth of a millisecond, so they are compared when both runs have them.
        const p50 = (f: LoadFigure) => f.steady?.p50 ?? f.p50;
        return {
          name: c.name,
          smallP50: s ? p50(s) : null,
          largeP50: p50(c),
          ratio: s && p50(s) > 0 ? p50(c) / p50(s) : null,
        };
      }),
    };
  }
  return null;
}

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    scale: 'value',
    db: 'value',
    url: 'value',
    seconds: 'value',
    connections: 'value',
    only: 'value',
    'ws-clients': 'value',
    events: 'value',
    'import-rows': 'value',
    'no-lighthouse': 'flag',
    instances: 'value',
  });
  const scale = scaleOf(args.scale);
  const db = dbOf(args.db);
  const target = dataTarget(scale, db, args.url);
  const meta = readMeta(target.metaFile);
  const seconds = Number(args.seconds ?? 10);
  const connections = Number(args.connections ?? 50);
  const only = (args.only ?? PARTS.join(',')).split(',');
  for (const p of only)
    if (!PARTS.includes(p as (typeof PARTS)[number])) throw new Error(`--only: unknown part ${p}`);

  const server = await startServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  const results: Record<string, unknown> = { scale, db, counts: meta.counts, seconds, connections };
  const failed: Record<string, string> = {};
  try {
    const token = await signIn(server.url, meta.admin.username, meta.admin.password);
    const dbVersionText = await dbVersion(target.databaseUrl);
    results.machine = machine(dbVersionText);
    // Controllers report every door on start: at the large scale that is 21,000 door events to
    // record before the server is at rest. Measuring during them would measure the start.
    const settling = Date.now();
    await untilSettled(server.url);
    console.log(`server settled in ${((Date.now() - settling) / 1000).toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = server.memory();
    // Two seconds after start the heap still holds the start's garbage (V8 grew it to ~85 MB for
    // the door reports); V8's memory reducer gives it back once the process has been quiet for a
    // while (~15 s after start on the large data set). Both figures are kept: the first is what a
    // just-started server holds, the second what an idle one does.
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const quiet = server.memory();
    results.memory = { idleRssMb: idle.rssMb, idleQuietRssMb: quiet.rssMb };
    console.log(
      `server ${server.url} pid ${server.pid}, idle RSS ${idle.rssMb.toFixed(0)} MB 2 s after start, ` +
        `${quiet.rssMb.toFixed(0)} MB after ${QUIET_MS / 1000} s more`,
    );

    // A part that fails (no Chromium, a call that errors) is recorded and the run goes on: the
    // figures of the other parts are still written, and the run exits with an error at the end.
    const part = async (name: (typeof PARTS)[number], fn: () => Promise<void>) => {
      if (!only.includes(name)) return;
      try {
        await fn();
      } catch (err) {
        failed[name] = err instanceof Error ? err.message : String(err);
        console.error(`${name}: failed: ${failed[name]}`);
      }
    };
    await part('api', async () => {
      console.log(`API: ${connections} connections, ${seconds} s per call`);
      let loadedPeak = 0;
      const api = await runApi({
        url: server.url,
        token,
        meta,
        connections,
        seconds,
        onLoad: () => (loadedPeak = Math.max(loadedPeak, server.memory().rssMb)),
        pid: server.pid,
      });
      results.api = api;
      results.memory = {
        ...(results.memory as object),
        loadedRssMb: loadedPeak,
        hwmAfterApiMb: server.memory().hwmMb,
      };
      results.growth = growth(api, scale, db);
      console.log('API against bare Fastify (same data, same run, each its own process):');
      results.bareFastify = await runBareFastify({
        url: server.url,
        token,
        meta,
        connections,
        seconds,
        pid: server.pid,
        dataDir: target.dataDir,
        databaseUrl: target.databaseUrl,
      });
    });
    await part('realtime', async () => {
      const clients = Number(args['ws-clients'] ?? 1000);
      const rate = Number(args.events ?? 100);
      const instances = Number(args.instances ?? 1);
      if (instances > 1 && db !== 'postgres') throw new Error('--instances > 1 needs --db postgres');
      console.log(
        `realtime: ${clients} clients on ${instances} instance(s), ${rate} door events/s for ${seconds} s, then a bare ws broadcaster`,
      );
      const others = [];
      try {
        for (let i = 1; i < instances; i++) {
          const other = await startServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
          others.push(other);
          // Each instance records its controllers' start reports before it is at rest, as the
          // first one did: measuring during them measured that.
          await untilSettled(other.url);
        }
        // The first instance had QUIET_MS at rest before any part ran; the others get the same, or
        // their start's own work (the wall-credentials sweep over every place, the first runs of the
        // minute jobs) is measured as realtime latency on the two shared cores.
        if (others.length > 0) await new Promise((r) => setTimeout(r, QUIET_MS));
        // Issue #34: events over 50 places, each socket subscribed to one of them.
        const places = meta.placeIds
          .filter((id) => id !== meta.gridPlaceId)
          .slice(0, Number(args['ws-places'] ?? 50))
          .map((placeId) => ({ placeId, doors: meta.counts.lockersPerPlace! }));
        results.realtime = await runRealtime({
          url: server.url,
          otherUrls: others.map((o) => o.url),
          token,
          places,
          clients,
          rate,
          seconds,
        });
      } finally {
        for (const o of others) await o.stop();
      }
    });
    await part('import', async () => {
      results.import = await runImport({
        url: server.url,
        token,
        server,
        rows: (args['import-rows'] ?? '10000,2000').split(',').map(Number),
      });
    });
    await part('web', async () => {
      results.web = await runWeb({ url: server.url, token, meta, lighthouse: !args['no-lighthouse'] });
    });
    results.memory = { ...(results.memory as object), finalHwmMb: server.memory().hwmMb };
  } finally {
    await server.stop();
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(RESULTS_DIR, `${stamp}-${db}-${scale}.json`);
  if (Object.keys(failed).length) results.failed = failed;
  writeFileSync(file, JSON.stringify(results, null, 2));
  // latest.json is the last complete run; a partial or failed run keeps only its own file.
  if (PARTS.every((p) => only.includes(p)) && !results.failed)
    writeFileSync(join(RESULTS_DIR, 'latest.json'), JSON.stringify(results, null, 2));
  console.log(`results: ${file}`);
  if (results.failed) throw new Error(`failed parts: ${Object.keys(failed).join(', ')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
