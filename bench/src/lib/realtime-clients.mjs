// Worker thread holding the benchmark's WebSocket clients, so parsing 100k messages a second does
// not delay the thread that sends the door events. Times are absolute (timeOrigin + now), the
// same clock as the sender's.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { wsUrls, clients } = workerData;
let opened = 0;
const now = () => performance.timeOrigin + performance.now();
const sentAt = new Map();
const pending = new Map();
const latencies = [];
// From the driver's own event time (the server's bench hook), polled by the sender.
const deviceAt = new Map();
const pendingDevice = new Map();
const deviceLatencies = [];
// A door repeats a status only after a full cycle of the grid (20 s at 100 events/s): a match
// older than this belongs to the previous cycle, so the receipt waits for the new event time.
const STALE_MS = 10_000;
const sockets = [];
let connected = 0;
let lastAt = 0;

parentPort.on('message', (m) => {
  if (m.type === 'sent') {
    sentAt.set(m.key, m.at);
    // A message may arrive before the sender's note of its start: match it now.
    for (const t of pending.get(m.key) ?? []) latencies.push(t - m.at);
    pending.delete(m.key);
  } else if (m.type === 'device') {
    for (const [key, t] of Object.entries(m.events)) {
      deviceAt.set(key, t);
      for (const r of pendingDevice.get(key) ?? []) if (r >= t) deviceLatencies.push(r - t);
      pendingDevice.delete(key);
    }
  } else if (m.type === 'count') {
    parentPort.postMessage({ type: 'count', n: latencies.length });
  } else if (m.type === 'stop') {
    for (const ws of sockets) ws.terminate();
    parentPort.postMessage({ type: 'done', latencies, deviceLatencies, connected, lastAt });
  }
});

function open() {
  return new Promise((resolve) => {
    // Clients spread over every instance given (two instances share one PostgreSQL).
    const ws = new WebSocket(wsUrls[opened++ % wsUrls.length]);
    sockets.push(ws);
    const timer = setTimeout(resolve, 30_000);
    ws.on('message', (raw) => {
      const at = now();
      const m = JSON.parse(raw.toString());
      if (m.MsgType === 'Authenticated') {
        connected++;
        clearTimeout(timer);
        resolve();
        return;
      }
      if (m.MsgType !== 'LockerUpdate') return;
      lastAt = at;
      const key = `${m.Data.placeId}:${m.Data.doorNumber}:${m.Data.doorStatus}`;
      const t0 = sentAt.get(key);
      if (t0 !== undefined) latencies.push(at - t0);
      else pending.set(key, [...(pending.get(key) ?? []), at]);
      const d = deviceAt.get(key);
      if (d !== undefined && at - d < STALE_MS) deviceLatencies.push(at - d);
      else pendingDevice.set(key, [...(pendingDevice.get(key) ?? []), at]);
    });
    ws.on('error', () => resolve());
  });
}

// Connect in waves: a thousand handshakes at once measure the accept queue, not the fan-out.
for (let i = 0; i < clients; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, clients - i) }, open));
}
parentPort.postMessage({ type: 'ready', connected });
