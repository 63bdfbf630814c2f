import { Worker } from 'node:worker_threads';

export interface RealtimeResult {
  clients: number;
  connected: number;
  ratePerSecond: number;
  serverCaughtUpSeconds: number;
  seconds: number;
  events: number;
  deliveries: number;
  expectedDeliveries: number;
  p50: number;
  p99: number;
  max: number;
  note: string;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * `clients` sockets authenticate with the token; the simulator then pulls doors of the grid place
 * open and shut at `rate` events a second through its dev route. Latency is from just before the
 * request that makes the device event to the moment each socket receives the matching
 * LockerUpdate, so it includes the HTTP hop: an upper bound of device-event-to-client.
 */
export async function runRealtime(opts: {
  url: string;
  token: string;
  placeId: number;
  doors: number;
  clients: number;
  rate: number;
  seconds: number;
}): Promise<RealtimeResult> {
  const wsUrl = `${opts.url.replace(/^http/, 'ws')}/ws/location-status?token=${encodeURIComponent(opts.token)}`;
  const worker = new Worker(new URL('./realtime-clients.mjs', import.meta.url), {
    workerData: { wsUrl, clients: opts.clients },
  });
  const fromWorker = (type: string) =>
    new Promise<{ latencies: number[]; connected: number }>((resolve, reject) => {
      worker.on('message', (m: { type: string; latencies: number[]; connected: number }) => {
        if (m.type === type) resolve(m);
      });
      worker.once('error', reject);
    });
  const { connected } = await fromWorker('ready');
  const now = () => performance.timeOrigin + performance.now();

  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const started = performance.now();
  const requests: Promise<unknown>[] = [];
  for (let k = 0; k < total; k++) {
    const wait = started + k * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const door = (k % opts.doors) + 1;
    const open = Math.floor(k / opts.doors) % 2 === 0;
    // Pulled open by hand reports 1 (uncommanded alert); closed reports 2.
    worker.postMessage({ type: 'sent', key: `${opts.placeId}:${door}:${open ? 1 : 2}`, at: now() });
    requests.push(
      fetch(`${opts.url}/api/dev/simulator/${opts.placeId}/doors/${door}/${open ? 'open' : 'close'}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.token}` },
      }).then((r) => r.arrayBuffer()),
    );
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(requests);
  const drainSeconds = (performance.now() - started) / 1000;
  // Let late deliveries arrive, then collect.
  await new Promise((r) => setTimeout(r, 2000));
  const done = fromWorker('done');
  worker.postMessage({ type: 'stop' });
  const { latencies } = await done;
  await worker.terminate();
  const sorted = Float64Array.from(latencies).sort();
  return {
    clients: opts.clients,
    connected,
    ratePerSecond: +(total / sendSeconds).toFixed(1),
    serverCaughtUpSeconds: +drainSeconds.toFixed(1),
    seconds: opts.seconds,
    events: total,
    deliveries: latencies.length,
    expectedDeliveries: total * connected,
    p50: +percentile(sorted, 50).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    max: +percentile(sorted, 100).toFixed(1),
    note: 'latency includes the HTTP request to the simulator dev route (upper bound)',
  };
}
