import { Worker } from 'node:worker_threads';
import { percentile } from './load.js';

export interface RealtimeResult {
  clients: number;
  instances: number;
  connected: number;
  ratePerSecond: number;
  httpDoneSeconds: number;
  lastDeliverySeconds: number | null;
  seconds: number;
  events: number;
  deliveries: number;
  expectedDeliveries: number;
  p50: number;
  p99: number;
  max: number;
  fromDevice: { deliveries: number; p50: number; p99: number; max: number };
  note: string;
}

/**
 * `clients` sockets authenticate with the token; the simulator then pulls doors of the grid place
 * open and shut at `rate` events a second through its dev route. Latency is from just before the
 * request that makes the device event to the moment each socket receives the matching
 * LockerUpdate, so it includes the HTTP hop: an upper bound of device-event-to-client.
 */
export async function runRealtime(opts: {
  url: string;
  /** Further instances on the same PostgreSQL: clients are spread over all, events go to `url`. */
  otherUrls?: string[];
  token: string;
  placeId: number;
  doors: number;
  clients: number;
  rate: number;
  seconds: number;
}): Promise<RealtimeResult> {
  const wsUrls = [opts.url, ...(opts.otherUrls ?? [])].map(
    (u) => `${u.replace(/^http/, 'ws')}/ws/location-status?token=${encodeURIComponent(opts.token)}`,
  );
  const worker = new Worker(new URL('./realtime-clients.mjs', import.meta.url), {
    workerData: { wsUrls, clients: opts.clients },
  });
  // A client worker that dies leaves the figures meaningless: stop the run.
  worker.once('error', (err) => {
    throw err;
  });
  type Reply = {
    type: string;
    latencies: number[];
    deviceLatencies: number[];
    connected: number;
    n: number;
    lastAt: number;
  };
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

  // The server's bench hook notes when each door event left the driver; forwarded as they come.
  const pollDevice = async () => {
    const res = await fetch(`${opts.url}/api/bench/deviceEvents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.token}` },
    });
    const body = (await res.json()) as { Data?: { events: Record<string, number> } };
    if (body.Data) worker.postMessage({ type: 'device', events: body.Data.events });
  };
  await pollDevice();
  let polling = Promise.resolve();
  const poller = setInterval(() => {
    polling = polling.then(pollDevice).catch(() => {});
  }, 500);

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
  // Fan-out may lag the HTTP replies (PostgreSQL NOTIFY, a backlog): wait until every delivery is
  // in or none arrived for 3 s, at most 120 s.
  const expected = total * connected;
  let last = -1;
  let still = 0;
  for (let waited = 0; waited < 120_000; waited += 500) {
    const n = await delivered();
    if (n >= expected) break;
    still = n === last ? still + 500 : 0;
    if (still >= 3000) break;
    last = n;
    await new Promise((r) => setTimeout(r, 500));
  }
  clearInterval(poller);
  await polling;
  await pollDevice();
  const done = fromWorker('done');
  worker.postMessage({ type: 'stop' });
  const { latencies, deviceLatencies, lastAt } = await done;
  const lastDeliverySeconds = lastAt ? (lastAt - (performance.timeOrigin + started)) / 1000 : null;
  await worker.terminate();
  const sorted = Float64Array.from(latencies).sort();
  const fromDevice = Float64Array.from(deviceLatencies).sort();
  return {
    clients: opts.clients,
    instances: wsUrls.length,
    connected,
    ratePerSecond: +(total / sendSeconds).toFixed(1),
    httpDoneSeconds: +drainSeconds.toFixed(1),
    lastDeliverySeconds: lastDeliverySeconds === null ? null : +lastDeliverySeconds.toFixed(1),
    seconds: opts.seconds,
    events: total,
    deliveries: latencies.length,
    expectedDeliveries: expected,
    p50: +percentile(sorted, 50).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    max: +percentile(sorted, 100).toFixed(1),
    fromDevice: {
      deliveries: fromDevice.length,
      p50: +percentile(fromDevice, 50).toFixed(1),
      p99: +percentile(fromDevice, 99).toFixed(1),
      max: +percentile(fromDevice, 100).toFixed(1),
    },
    note: 'p50/p99/max from just before the simulator request; fromDevice from the driver event (bench hook)',
  };
}
