import { Worker } from 'node:worker_threads';
import { percentile } from './load.js';
import { startBareBroadcaster, startBareBroadcasterProcess } from './bare-broadcaster.js';

export interface LatencySummary {
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
}

/** How many latencies, and their p50, p99 and max in ms (one decimal). */
function summary(latencies: readonly number[]): LatencySummary {
  const a = Float64Array.from(latencies).sort();
  const figure = (p: number) => +percentile(a, p).toFixed(1);
  return { deliveries: a.length, p50: figure(50), p99: figure(99), max: figure(100) };
}

export interface RealtimeLeg {
  target: 'server' | 'bare ws' | 'bare ws, in-process';
  clients: number;
  instances: number;
  connected: number;
  places: number;
  ratePerSecond: number;
  lastDeliverySeconds: number | null;
  /** Sent first at the same rate, delivered and counted in `deliveries`, not timed. */
  warmupEvents: number;
  events: number;
  deliveries: number;
  expectedDeliveries: number;
  missing: number;
  p50: number;
  p99: number;
  max: number;
  fromDevice?: LatencySummary;
  /** With more than one instance: the sockets of each (in wsUrls order), to tell where a tail is. */
  byInstance?: LatencySummary[];
}

export interface RealtimeResult {
  server: RealtimeLeg;
  /** The bare broadcaster in its own process, fed over HTTP as the server is. */
  bare: RealtimeLeg;
  /** The bare broadcaster called directly in the bench's process (the floor of runs before set I). */
  bareInProcess: RealtimeLeg;
  /** Server p99 over the bare broadcaster's p99, in this run (issue #34 asks for at most 2). */
  p99Ratio: number;
  /** The same against the in-process floor, as runs before set I reported it. */
  p99RatioInProcess: number;
  note: string;
}

/** Seconds of events sent before the timed ones, in every leg alike. */
export const WARMUP_SECONDS = 2;

interface Place {
  placeId: number;
  doors: number;
}

type Reply = {
  type: string;
  latencies: number[];
  byInstance: number[][];
  deviceLatencies: number[];
  connected: number;
  n: number;
  lastAt: number;
  received: number;
};

/**
 * One leg: `clients` sockets, socket i subscribed to place i mod P; `rate` door events a second
 * spread over the P places in turn (each door alternates open and closed). Every receipt is matched
 * with its event (realtime-clients.mjs), so late ones count and lost ones show as `missing`.
 */
async function leg(opts: {
  target: RealtimeLeg['target'];
  wsUrls: string[];
  /** Signs each socket in by its Authorization header (the server ignores a token in the URL: #31). */
  token?: string;
  places: Place[];
  clients: number;
  rate: number;
  seconds: number;
  /** Makes door event k happen (an HTTP request to the simulator, or the bare broadcaster's publish). */
  fire: (place: Place, door: number, open: boolean) => Promise<unknown> | void;
  pollDevice?: () => Promise<Record<string, number> | null>;
}): Promise<RealtimeLeg> {
  const topics = opts.places.map((p) => `place:${p.placeId}`);
  const worker = new Worker(new URL('./realtime-clients.mjs', import.meta.url), {
    workerData: { wsUrls: opts.wsUrls, token: opts.token, clients: opts.clients, topics },
  });
  // A client worker that dies leaves the figures meaningless: stop the run.
  worker.once('error', (err) => {
    throw err;
  });
  const fromWorker = (type: string) =>
    new Promise<Reply>((resolve) => {
      const on = (m: Reply) => {
        if (m.type !== type) return;
        worker.off('message', on);
        resolve(m);
      };
      worker.on('message', on);
    });
  const delivered = async () => {
    const reply = fromWorker('count');
    worker.postMessage({ type: 'count' });
    return (await reply).n;
  };
  const { connected } = await fromWorker('ready');
  const now = () => performance.timeOrigin + performance.now();
  const poll = async () => {
    const events = await opts.pollDevice?.();
    if (events) worker.postMessage({ type: 'device', events });
  };
  await poll();
  let polling = Promise.resolve();
  const poller = setInterval(() => {
    polling = polling.then(poll).catch(() => {});
  }, 500);

  const P = opts.places.length;
  // Sockets per place, for the deliveries expected.
  const holders = opts.places.map((_, p) => Math.floor(connected / P) + (p < connected % P ? 1 : 0));
  const total = Math.round(opts.rate * opts.seconds);
  // Events before the timed ones, at the same rate, matched but not timed: the first second of a
  // server just started runs its route and fan-out for the first time (set N: 16 of the first 30
  // events took 15-57 ms, none after), which is start-up, not the steady state the target is about.
  const warmup = Math.round(opts.rate * WARMUP_SECONDS);
  const interval = 1000 / opts.rate;
  const started = performance.now();
  let timedFrom = started;
  const requests: Array<Promise<unknown> | void> = [];
  let expected = 0;
  for (let k = 0; k < warmup + total; k++) {
    const wait = started + k * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (k === warmup) timedFrom = performance.now();
    const p = k % P;
    const place = opts.places[p]!;
    const round = Math.floor(k / P);
    const door = (round % place.doors) + 1;
    const open = Math.floor(round / place.doors) % 2 === 0;
    expected += holders[p]!;
    // Pulled open by hand reports 1 (uncommanded alert); closed reports 2.
    const key = `${place.placeId}:${door}:${open ? 1 : 2}`;
    worker.postMessage({ type: 'sent', key, at: now(), warm: k < warmup });
    requests.push(opts.fire(place, door, open));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(requests);
  // Fan-out may lag (PostgreSQL NOTIFY, a backlog): wait until every delivery is in or none
  // arrived for 5 s, at most 180 s.
  let last = -1;
  let still = 0;
  for (let waited = 0; waited < 180_000; waited += 500) {
    const n = await delivered();
    if (n >= expected) break;
    still = n === last ? still + 500 : 0;
    if (still >= 5000) break;
    last = n;
    await new Promise((r) => setTimeout(r, 500));
  }
  clearInterval(poller);
  await polling;
  await poll();
  const done = fromWorker('done');
  worker.postMessage({ type: 'stop' });
  const { latencies, byInstance, deviceLatencies, lastAt, received } = await done;
  await worker.terminate();
  const { p50, p99, max } = summary(latencies);
  return {
    target: opts.target,
    clients: opts.clients,
    instances: opts.wsUrls.length,
    connected,
    places: P,
    ratePerSecond: +((warmup + total) / sendSeconds).toFixed(1),
    warmupEvents: warmup,
    // From the first timed event, as before there was a warm-up.
    lastDeliverySeconds: lastAt ? +((lastAt - (performance.timeOrigin + timedFrom)) / 1000).toFixed(1) : null,
    events: total,
    deliveries: received,
    expectedDeliveries: expected,
    missing: expected - received,
    p50,
    p99,
    max,
    ...(opts.wsUrls.length > 1 ? { byInstance: byInstance.map(summary) } : {}),
    ...(opts.pollDevice ? { fromDevice: summary(deviceLatencies) } : {}),
  };
}

/**
 * Realtime, as issue #34 asks: the server's leg (sockets subscribed to one place each, door events
 * made through the simulator's dev route, so latency includes that HTTP hop) and, in the same run,
 * a bare `ws` broadcaster with the same clients, places and rate. The ratio is what to read; the
 * absolute times are this machine's load.
 */
export async function runRealtime(opts: {
  url: string;
  /** Further instances on the same PostgreSQL: clients are spread over all, events go to `url`. */
  otherUrls?: string[];
  token: string;
  places: Place[];
  clients: number;
  rate: number;
  seconds: number;
}): Promise<RealtimeResult> {
  const wsUrls = [opts.url, ...(opts.otherUrls ?? [])].map(
    (u) => `${u.replace(/^http/, 'ws')}/ws/location-status`,
  );
  const auth = { authorization: `Bearer ${opts.token}` };
  const server = await leg({
    ...opts,
    target: 'server',
    wsUrls,
    token: opts.token,
    fire: (place, door, open) =>
      fetch(`${opts.url}/api/dev/simulator/${place.placeId}/doors/${door}/${open ? 'open' : 'close'}`, {
        method: 'POST',
        headers: auth,
      }).then((r) => r.arrayBuffer()),
    // The server's bench hook notes when each door event left the driver.
    pollDevice: async () => {
      const res = await fetch(`${opts.url}/api/bench/deviceEvents`, { method: 'POST', headers: auth });
      const body = (await res.json()) as { Data?: { events: Record<string, number> } };
      return body.Data?.events ?? null;
    },
  });
  // A socket that never signed in receives nothing, and a leg of silent sockets reads as no latency
  // at all (the server leg measured 0 of 200 sockets while the token rode in the URL): stop instead.
  if (server.connected < opts.clients)
    throw new Error(`realtime: only ${server.connected} of ${opts.clients} sockets signed in to the server`);
  const bareLeg = async (
    target: RealtimeLeg['target'],
    start: typeof startBareBroadcaster | typeof startBareBroadcasterProcess,
  ) => {
    const broadcaster = await start();
    try {
      return await leg({
        ...opts,
        target,
        wsUrls: [broadcaster.wsUrl],
        fire: (place, door, open) => broadcaster.publish(place.placeId, door, open ? 1 : 2),
      });
    } finally {
      await broadcaster.close();
    }
  };
  const bare = await bareLeg('bare ws', startBareBroadcasterProcess);
  const bareInProcess = await bareLeg('bare ws, in-process', startBareBroadcaster);
  const ratio = (floor: RealtimeLeg) => +(server.p99 / Math.max(floor.p99, 0.1)).toFixed(2);
  return {
    server,
    bare,
    bareInProcess,
    p99Ratio: ratio(bare),
    p99RatioInProcess: ratio(bareInProcess),
    note: 'latency from just before the event is made (server: the simulator request; bare ws: its HTTP request; in-process: the call) to the socket; fromDevice from the driver event (bench hook); every receipt matched, none dropped',
  };
}
