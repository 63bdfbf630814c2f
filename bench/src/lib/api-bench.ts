import { checkCall, load, measuredLoad, type CpuFigure, type LoadFigure } from './load.js';
import { rng } from './random.js';
import type { DataMeta } from './meta.js';

export interface ApiCall {
  name: string;
  group: 'lookup' | 'list' | 'diagnostic';
  path: (i: number) => string;
}

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
const STATES_1_13 = Array.from({ length: 13 }, (_, i) => i + 1).join(',');

/** The calls the targets name, each with keys spread over the whole data set. */
export function apiCalls(meta: DataMeta): ApiCall[] {
  const r = rng(42);
  const [firstUser, lastUser] = meta.userIdRange;
  const end = Date.parse(meta.generatedAt);
  const interval = `${ymd(end - 30 * 86_400_000)}|${ymd(end)}`;
  return [
    {
      name: 'order by package id',
      group: 'lookup',
      path: () => `/api/delivery/order?packageId=${r.pick(meta.livePackageIds)}`,
    },
    {
      name: 'lockers of a place',
      group: 'lookup',
      path: () => `/api/julian/lockersByPlace/${r.pick(meta.placeIds)}`,
    },
    { name: 'user by id', group: 'lookup', path: () => `/api/julian/user/${r.int(firstUser, lastUser)}` },
    {
      name: 'listOrders page of 50, states 1-13',
      group: 'list',
      path: () => `/api/delivery/listOrders?state=${STATES_1_13}&max_results=50&offset=0`,
    },
    {
      // Issue #34: a filter no counts table keeps (one place) counts at most SEARCH_COUNT_CAP rows.
      name: 'listOrders page of 50, one place',
      group: 'list',
      path: () =>
        `/api/delivery/listOrders?state=${STATES_1_13}&placeId=${r.pick(meta.placeIds)}&max_results=50&offset=0`,
    },
    {
      name: 'users page of 50, no filter',
      group: 'list',
      path: () => '/api/julian/users?max_results=50&offset=0',
    },
    {
      name: 'listAssetsLogs, last 30 days',
      group: 'list',
      path: () =>
        `/api/asset/listAssetsLogs?max_results=50&offset=0&createdAtInterval=${encodeURIComponent(interval)}`,
    },
    {
      name: 'users with a name filter',
      group: 'list',
      path: () =>
        `/api/julian/users?max_results=50&offset=0&search=${encodeURIComponent(meta.sampleUserName)}`,
    },
    {
      name: 'listOrders page of 50, not archived',
      group: 'diagnostic',
      path: () => `/api/delivery/listOrders?state=${STATES_1_13}&archived=false&max_results=50&offset=0`,
    },
    {
      // What serialising and writing an answer as large as a place's lockers costs, with no query.
      name: 'bare route answering 30 KB',
      group: 'diagnostic',
      path: () => '/api/bench/bare30k',
    },
    {
      // Same page number at both scales: an offset walk shows up as growth here.
      name: 'listOrders page 100 (offset 4950)',
      group: 'diagnostic',
      path: () => `/api/delivery/listOrders?state=${STATES_1_13}&max_results=50&offset=4950`,
    },
  ];
}

export interface ApiResult {
  ceiling: LoadFigure & CpuFigure;
  ceilingWithToken: LoadFigure & CpuFigure;
  calls: Array<
    LoadFigure &
      CpuFigure & {
        group: string;
        /** req/s over the ceiling measured just before this call (interleaved, issue #34). */
        ratio: number;
        ceilingRps: number;
        /** CPU per request over the adjacent ceiling's CPU per request. */
        cpuRatio: number | null;
      }
  >;
}

/**
 * After a short warm-up, every call at the same concurrency, each right after a sample of the bare
 * route (the framework's ceiling on this machine, at that moment): on a shared machine the ceiling
 * moves during a run, so each call is read against its neighbour. Server CPU per request is read
 * from /proc beside req/s.
 */
export async function runApi(opts: {
  url: string;
  token: string;
  meta: DataMeta;
  connections: number;
  seconds: number;
  onLoad?: () => void;
  /** The server process, for its CPU time. */
  pid?: number;
}): Promise<ApiResult> {
  const measured = (options: Parameters<typeof load>[0]) => measuredLoad(options, opts.pid);
  const calls = apiCalls(opts.meta);
  for (const c of calls) await checkCall(opts.url, c.path(0), opts.token);
  const common = { url: opts.url, connections: opts.connections, seconds: opts.seconds };
  // Warm-up, not measured: the first seconds of a fresh process run cold code (JIT) and cold
  // caches, and would lower whichever figure came first (the ceiling) against the others.
  const warm = { ...common, seconds: 1, token: opts.token };
  await load({ ...warm, seconds: 3, name: 'warm-up', path: () => '/api/bench/bare' });
  for (const c of calls) await load({ ...warm, name: 'warm-up', path: c.path });
  const bare = () => measured({ ...common, name: 'bare route (ceiling)', path: () => '/api/bench/bare' });
  const ceiling = await bare();
  const ceilingWithToken = await measured({
    ...common,
    name: 'bare route with a bearer token',
    path: () => '/api/bench/bare',
    token: opts.token,
  });
  const out: ApiResult['calls'] = [];
  for (const c of calls) {
    const near = out.length === 0 ? ceiling : await bare();
    const f = await measured({ ...common, name: c.name, path: c.path, token: opts.token });
    const cpuRatio =
      f.cpuMsPerRequest !== null && near.cpuMsPerRequest
        ? +(f.cpuMsPerRequest / near.cpuMsPerRequest).toFixed(2)
        : null;
    out.push({
      ...f,
      group: c.group,
      ratio: near.rps > 0 ? f.rps / near.rps : 0,
      ceilingRps: near.rps,
      cpuRatio,
    });
    opts.onLoad?.();
    console.log(
      `  ${c.name}: ${f.rps.toFixed(0)} req/s (${((100 * f.rps) / near.rps).toFixed(0)} % of ${near.rps.toFixed(0)}), CPU ${f.cpuMsPerRequest ?? '—'} ms/req (${cpuRatio ?? '—'}x bare), p50 ${f.p50} ms, p99 ${f.p99} ms, non-2xx ${f.non2xx}; steady after ${f.steady?.afterSeconds ?? '—'} s: p50 ${f.steady?.p50 ?? '—'} ms, p99 ${f.steady?.p99 ?? '—'} ms, max ${f.steady?.max ?? '—'} ms`,
    );
  }
  return { ceiling, ceilingWithToken, calls: out };
}
