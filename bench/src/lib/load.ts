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
  const result = await autocannon({
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
