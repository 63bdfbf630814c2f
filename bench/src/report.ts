/**
 * npx tsx bench/src/report.ts [results file, default bench/results/latest.json]
 * Prints the Markdown tables docs/performance.md carries, from one results file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from './lib/args.js';
import type { RealtimeResult } from './lib/realtime-bench.js';

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  steady?: { afterSeconds: number; p50: number; p99: number } | null;
  group?: string;
  ratio?: number;
  ceilingRps?: number;
  cpuMsPerRequest?: number | null;
  cpuRatio?: number | null;
}
type Results = {
  scale: string;
  db: string;
  seconds: number;
  connections: number;
  machine: Record<string, string | number>;
  memory?: Record<string, number>;
  api?: { ceiling: Figure; ceilingWithToken: Figure; calls: Figure[] };
  bareFastify?: Array<{
    name: string;
    project: Figure;
    bareFastify: Figure;
    cpuRatio: number | null;
    rpsRatio: number;
  }>;
  growth?: {
    against: string;
    calls: Array<{ name: string; smallP50: number; largeP50: number; ratio: number | null }>;
  } | null;
  realtime?: RealtimeResult;
  import?: Array<Record<string, number | string | null>>;
  web?: Record<string, unknown>;
};

const file = process.argv[2] ?? join(RESULTS_DIR, 'latest.json');
const r = JSON.parse(readFileSync(file, 'utf8')) as Results;
const out: string[] = [];
const m = r.machine;
out.push(
  `Run: ${m.date}, ${r.db} ${r.scale}, commit ${m.commit}; ${m.nproc} × ${m.cpu}, ${m.memoryGb} GB, load average ${m.loadAverage}; Node ${m.node}, ${m.db}.`,
  '',
);
if (r.api) {
  const target = (f: Figure) =>
    f.group === 'lookup' ? '≥ 35 %' : f.group === 'list' ? '≥ 10 %, p99 < 25 ms' : '—';
  out.push(`API, ${r.connections} connections, ${r.seconds} s per call:`, '');
  out.push(
    '| Call | req/s | % of the ceiling beside it | CPU ms/req | CPU x bare | p50 ms | p99 ms | steady p50 / p99 ms (after s) | non-2xx | Target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  const steady = (f: Figure) =>
    f.steady ? `${f.steady.p50} / ${f.steady.p99} (${f.steady.afterSeconds})` : '—';
  for (const f of [r.api.ceiling, r.api.ceilingWithToken])
    out.push(
      `| ${f.name} | ${f.rps.toFixed(0)} | ${((100 * f.rps) / r.api.ceiling.rps).toFixed(0)} | ${f.cpuMsPerRequest ?? '—'} | — | ${f.p50} | ${f.p99} | ${steady(f)} | ${f.non2xx} | — |`,
    );
  for (const f of r.api.calls)
    out.push(
      `| ${f.name} | ${f.rps.toFixed(0)} | ${(100 * (f.ratio ?? 0)).toFixed(0)} | ${f.cpuMsPerRequest ?? '—'} | ${f.cpuRatio ?? '—'} | ${f.p50} | ${f.p99} | ${steady(f)} | ${f.non2xx} | ${target(f)} |`,
    );
  out.push('');
}
if (r.bareFastify) {
  out.push(
    'Against bare Fastify (same data, back to back, each process its own CPU):',
    '',
    '| Work | project req/s | bare Fastify req/s | project CPU ms/req | bare CPU ms/req | CPU ratio | Target |',
    '|---|---:|---:|---:|---:|---:|---|',
  );
  for (const p of r.bareFastify)
    out.push(
      `| ${p.name} | ${p.project.rps.toFixed(0)} | ${p.bareFastify.rps.toFixed(0)} | ${p.project.cpuMsPerRequest ?? '—'} | ${p.bareFastify.cpuMsPerRequest ?? '—'} | ${p.cpuRatio ?? '—'} | ${p.name === 'constant' ? '—' : '≤ 2'} |`,
    );
  out.push('');
}
if (r.growth) {
  out.push(
    `Growth (p50 large / p50 small, against ${r.growth.against}):`,
    '',
    '| Call | small p50 | large p50 | ratio |',
    '|---|---:|---:|---:|',
  );
  for (const g of r.growth.calls)
    out.push(`| ${g.name} | ${g.smallP50} | ${g.largeP50} | ${g.ratio?.toFixed(2) ?? '—'} |`);
  out.push('');
}
if (r.realtime) {
  const t = r.realtime;
  out.push(
    '| Realtime | instances | clients | places | events/s | deliveries / expected | p50 ms | p99 ms | max ms | last delivery s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const l of [t.server, t.bare, ...(t.bareInProcess ? [t.bareInProcess] : [])])
    out.push(
      `| ${l.target} | ${l.instances} | ${l.connected}/${l.clients} | ${l.places} | ${l.ratePerSecond} | ${l.deliveries} / ${l.expectedDeliveries} | ${l.p50} | ${l.p99} | ${l.max} | ${l.lastDeliverySeconds} |`,
    );
  const fd = t.server.fromDevice;
  const each = t.server.byInstance ?? [];
  out.push(
    '',
    `Server p99 / bare ws p99: ${t.p99Ratio} (same run${t.p99RatioInProcess === undefined ? '' : `; against the in-process floor ${t.p99RatioInProcess}`}). From the driver event: p50 ${fd?.p50} ms, p99 ${fd?.p99} ms (${fd?.deliveries} matched).`,
    ...each.map(
      (e, i) =>
        `Sockets on instance ${i + 1}${i === 0 ? ' (the one the door events are made on)' : ''}: p50 ${e.p50} ms, p99 ${e.p99} ms, max ${e.max} ms (${e.deliveries} deliveries).`,
    ),
    '',
  );
}
if (r.import) {
  out.push(
    '| Import | file KB | status | created | seconds | peak RSS MB |',
    '|---|---:|---|---:|---:|---:|',
  );
  for (const i of r.import)
    out.push(
      `| ${i.rows} rows | ${i.fileKb} | ${i.status} ${i.description} | ${i.created ?? '—'} | ${i.seconds} | ${i.peakRssMb} |`,
    );
  out.push('');
}
if (r.memory)
  out.push(
    `Memory (MB): ${Object.entries(r.memory)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ')}.`,
    '',
  );
if (r.web)
  out.push(
    'Web:',
    '',
    '```json',
    JSON.stringify({ ...r.web, bundle: { ...(r.web.bundle as object), routes: undefined } }, null, 2),
    '```',
  );
console.log(out.join('\n'));
