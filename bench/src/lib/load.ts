import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadFigure {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /**
   * Latency once every connection has had its first answer (null if some never did). Node 20's
   * libuv accepts one connection per event-loop turn (libuv PR #3696), so while a saturated
   * server works through 50 sockets a turn, the last of 50 fresh connections waits up to ~50
   * turns for its first answer: seconds on a slow call. The whole-run p99 and max above carry
   * that ramp; these figures are the load at 50 connections itself.
   */
  steady: {
    afterSeconds: number;
    requests: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  } | null;
}

/** The p-th percentile of ascending values (NaN when there are none). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * One autocannon run. `path(i)` gives each request its own URL (ids, package ids), so a cache of
 * one row never flatters a figure. Every non-2xx reply is counted and reported, never hidden.
 */
export async function load(opts: {
  name: string;
  url: string;
  path: (i: number) => string;
  token?: string;
  connections: number;
  seconds: number;
}): Promise<LoadFigure> {
  let i = 0;
  const started = performance.now();
  const answered = new Set<object>();
  let steadyAt: number | null = null;
  const steadyTimes: number[] = [];
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    requests: [
      {
        setupRequest: (req) => {
          req.path = opts.path(i++);
          return req;
        },
      },
    ],
  });
  instance.on('response', (client, _status, _bytes, responseTime) => {
    if (steadyAt !== null) steadyTimes.push(responseTime);
    else if (answered.add(client).size === opts.connections) steadyAt = performance.now();
  });
  const result = await instance;
  const sorted = Float64Array.from(steadyTimes).sort();
  return {
    name: opts.name,
    connections: opts.connections,
    seconds: opts.seconds,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    steady:
      steadyAt === null || sorted.length === 0
        ? null
        : {
            afterSeconds: +((steadyAt - started) / 1000).toFixed(2),
            requests: sorted.length,
            p50: +percentile(sorted, 50).toFixed(1),
            p90: +percentile(sorted, 90).toFixed(1),
            p99: +percentile(sorted, 99).toFixed(1),
            max: +percentile(sorted, 100).toFixed(1),
          },
  };
}

/** Fails loudly when a call does not answer 200 with ResultCode 1: a benchmark of errors is noise. */
export async function checkCall(url: string, path: string, token: string): Promise<unknown> {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { ResultCode?: number; Description?: string; Data?: unknown };
  if (res.status !== 200 || body.ResultCode !== 1) {
    throw new Error(`${path} answered ${res.status} ${body.Description ?? ''}`);
  }
  return body.Data;
}

/** Server CPU (user + system) per answered request during a load, in ms. */
export type CpuFigure = { cpuMsPerRequest: number | null };

const CLOCK_TICKS_PER_MS = 100 / 1000;
/** utime + stime of a process, in ms, from /proc (null where there is none). */
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS;
  } catch {
    return null;
  }
}

/** One load with the CPU the process `pid` spent on it, per answered request. */
export async function measuredLoad(
  options: Parameters<typeof load>[0],
  pid: number | undefined,
): Promise<LoadFigure & CpuFigure> {
  const before = cpuMs(pid);
  const f = await load(options);
  const after = cpuMs(pid);
  const cpuMsPerRequest =
    before === null || after === null || f.requests === 0
      ? null
      : +((after - before) / f.requests).toFixed(3);
  return { ...f, cpuMsPerRequest };
}
