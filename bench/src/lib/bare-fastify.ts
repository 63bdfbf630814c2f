import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { load, measuredLoad, type CpuFigure, type LoadFigure } from './load.js';
import { freePort } from './server.js';
import { rng } from './random.js';
import type { DataMeta } from './meta.js';

type Figure = LoadFigure & CpuFigure;

export interface BareFastifyPair {
  name: string;
  project: Figure;
  bareFastify: Figure;
  /** Project CPU per request over bare Fastify's, measured back to back (issue #34 asks at most 2). */
  cpuRatio: number | null;
  /** Project req/s over bare Fastify's. */
  rpsRatio: number;
}

const ratio = (a: number | null, b: number | null) => (a !== null && b ? +(a / b).toFixed(2) : null);

/**
 * The project's routes against the same work in a bare Fastify process (bare/server.ts) on the
 * same data, in the same run: each pair back to back at the same concurrency, each side's CPU
 * read from its own process. The constant shows what the project's plugins and hooks cost a
 * request; the order lookup what they cost beside its queries.
 */
export async function runBareFastify(opts: {
  url: string;
  token: string;
  meta: DataMeta;
  connections: number;
  seconds: number;
  pid: number | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<BareFastifyPair[]> {
  const port = await freePort();
  const script = fileURLToPath(new URL('../bare/server.ts', import.meta.url));
  const child = fork(script, [String(port), opts.dataDir, opts.databaseUrl ?? '-'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code}) before it listened`)));
    });
    const bareUrl = `http://127.0.0.1:${port}`;
    const common = { connections: opts.connections, seconds: opts.seconds };
    const r = rng(7);
    const packageId = () => encodeURIComponent(r.pick(opts.meta.livePackageIds));
    const pairs = [
      { name: 'constant', project: () => '/api/bench/bare', bare: () => '/bare' },
      {
        name: 'order by package id',
        project: () => `/api/delivery/order?packageId=${packageId()}`,
        bare: () => `/order?packageId=${packageId()}`,
      },
    ];
    // The bare process is fresh: warm its code and caches as the server's were.
    for (const p of pairs) await load({ ...common, seconds: 2, name: 'warm-up', url: bareUrl, path: p.bare });
    const out: BareFastifyPair[] = [];
    for (const p of pairs) {
      const project = await measuredLoad(
        { ...common, name: `project: ${p.name}`, url: opts.url, path: p.project, token: opts.token },
        opts.pid,
      );
      const bareFastify = await measuredLoad(
        { ...common, name: `bare Fastify: ${p.name}`, url: bareUrl, path: p.bare },
        child.pid,
      );
      const pair = {
        name: p.name,
        project,
        bareFastify,
        cpuRatio: ratio(project.cpuMsPerRequest, bareFastify.cpuMsPerRequest),
        rpsRatio: bareFastify.rps > 0 ? +(project.rps / bareFastify.rps).toFixed(2) : 0,
      };
      out.push(pair);
      console.log(
        `  ${p.name}: project ${project.rps.toFixed(0)} req/s, CPU ${project.cpuMsPerRequest ?? '—'} ms/req, non-2xx ${project.non2xx}; ` +
          `bare Fastify ${bareFastify.rps.toFixed(0)} req/s, CPU ${bareFastify.cpuMsPerRequest ?? '—'} ms/req, non-2xx ${bareFastify.non2xx}; ` +
          `CPU ratio ${pair.cpuRatio ?? '—'}x`,
      );
    }
    return out;
  } finally {
    child.kill('SIGTERM');
  }
}
