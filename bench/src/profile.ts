/**
 * Where one API call spends the server's CPU: starts the server with `--cpu-prof`, loads that one
 * call with autocannon, stops the server and prints self time by function and by package.
 *
 *   npx tsx bench/src/profile.ts --scale large --call "order by package id" [--db postgres] [--seconds 8]
 *
 * The .cpuprofile is kept under bench/tmp/profiles/ for Chrome DevTools or speedscope.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataTarget, dbOf, parseArgs, scaleOf, TMP_DIR } from './lib/args.js';
import { apiCalls } from './lib/api-bench.js';
import { checkCall, load } from './lib/load.js';
import { readMeta } from './lib/meta.js';
import { signIn, startServer } from './lib/server.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:') || url === '') return url || '(native/gc/idle)';
  return url.includes('/dist/') ? 'cacifo server' : url;
}

function summarise(profile: CpuProfile, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byPackage.set(packageOf(f.url), (byPackage.get(packageOf(f.url)) ?? 0) + us);
  }
  const show = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
  };
  show('self time by package', byPackage);
  show('self time by function', byFunction);
}

async function main() {
  const args = parseArgs(process.argv.slice(2), {
    scale: 'value',
    db: 'value',
    url: 'value',
    call: 'value',
    seconds: 'value',
    connections: 'value',
    top: 'value',
  });
  const target = dataTarget(scaleOf(args.scale), dbOf(args.db), args.url);
  const meta = readMeta(target.metaFile);
  const call = apiCalls(meta).find((c) => c.name === (args.call ?? 'order by package id'));
  if (!call)
    throw new Error(
      `--call: one of ${apiCalls(meta)
        .map((c) => JSON.stringify(c.name))
        .join(', ')}`,
    );
  const dir = join(TMP_DIR, 'profiles', String(Date.now()));
  mkdirSync(dir, { recursive: true });
  const server = await startServer({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  });
  try {
    const token = await signIn(server.url, meta.admin.username, meta.admin.password);
    await fetch(`${server.url}/api/bench/settled`);
    await checkCall(server.url, call.path(0), token);
    const base = { url: server.url, token, connections: Number(args.connections ?? 50) };
    await load({ ...base, name: 'warm-up', path: call.path, seconds: 1 });
    const fig = await load({ ...base, name: call.name, path: call.path, seconds: Number(args.seconds ?? 8) });
    console.log(
      `${call.name}: ${fig.rps.toFixed(0)} req/s, p50 ${fig.p50} ms, p99 ${fig.p99} ms (profiling slows it)`,
    );
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  console.log(`profile: ${join(dir, file)}`);
  summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, Number(args.top ?? 30));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
