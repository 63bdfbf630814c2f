// Worker thread holding the benchmark's WebSocket clients, so parsing their messages does not delay
// the thread that sends the door events. Times are absolute (timeOrigin + now), the same clock as
// the sender's.
//
// Matching is complete (issue #34): the n-th message a socket receives for a key (place, door,
// status) answers the n-th event sent with that key, since each socket gets its place's events in
// order. No message is dropped for being late; one that never comes is counted as missing.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

/**
 * wsUrls: where to connect (spread in turn); token: the server's sign-in, sent as an Authorization
 * header (a token in the URL is ignored since #31, so it would never authenticate); topics[i]: what
 * socket i subscribes to (none: all).
 */
const { wsUrls, token, clients, topics } = workerData;
const now = () => performance.timeOrigin + performance.now();
/** Send times per key, in order. */
const sentAt = new Map();
/** Receipts that arrived before the sender's note of their event: key -> [{ index, at }]. */
const early = new Map();
const latencies = [];
/** The same latencies split by the instance the socket is on (wsUrls index): where a tail comes from. */
const byInstance = wsUrls.map(() => []);
const note = (inst, ms) => {
  latencies.push(ms);
  byInstance[inst].push(ms);
};
/** Events sent while warming up (`key#index`): matched like the rest, so indexes stay aligned, not timed. */
const warm = new Set();
const deviceAt = new Map();
const deviceLatencies = [];
const earlyDevice = new Map();
const sockets = [];
let connected = 0;
let received = 0;
let lastAt = 0;

parentPort.on('message', (m) => {
  if (m.type === 'sent') {
    const times = sentAt.get(m.key) ?? [];
    times.push(m.at);
    sentAt.set(m.key, times);
    const index = times.length - 1;
    if (m.warm) warm.add(`${m.key}#${index}`);
    const waiting = early.get(m.key);
    if (!waiting) return;
    const rest = [];
    for (const r of waiting) {
      if (r.index === index) {
        if (!m.warm) note(r.inst, r.at - m.at);
      } else rest.push(r);
    }
    if (rest.length) early.set(m.key, rest);
    else early.delete(m.key);
  } else if (m.type === 'device') {
    // The driver's own event times (the server's bench hook), key and index as the sender's.
    for (const [key, t] of Object.entries(m.events)) {
      const list = deviceAt.get(key) ?? [];
      list.push(t);
      deviceAt.set(key, list);
      const index = list.length - 1;
      const waiting = earlyDevice.get(key) ?? [];
      for (const r of waiting)
        if (r.index === index && !warm.has(`${key}#${index}`)) deviceLatencies.push(r.at - t);
      const rest = waiting.filter((r) => r.index !== index);
      if (rest.length) earlyDevice.set(key, rest);
      else earlyDevice.delete(key);
    }
  } else if (m.type === 'count') {
    parentPort.postMessage({ type: 'count', n: received });
  } else if (m.type === 'stop') {
    for (const ws of sockets) ws.terminate();
    parentPort.postMessage({
      type: 'done',
      latencies,
      byInstance,
      deviceLatencies,
      connected,
      lastAt,
      received,
    });
  }
});

function open(i) {
  return new Promise((resolve) => {
    const ws = new WebSocket(
      wsUrls[i % wsUrls.length],
      token ? { headers: { authorization: `Bearer ${token}` } } : {},
    );
    sockets.push(ws);
    const seen = new Map();
    const timer = setTimeout(resolve, 30_000);
    const topic = topics?.[i % topics.length];
    const inst = i % wsUrls.length;
    ws.on('message', (raw) => {
      const at = now();
      const m = JSON.parse(raw.toString());
      if (m.MsgType === 'Authenticated') {
        if (!topic) {
          connected++;
          clearTimeout(timer);
          resolve();
        } else ws.send(JSON.stringify({ subscribe: [topic] }));
        return;
      }
      if (m.MsgType === 'Subscribed') {
        connected++;
        clearTimeout(timer);
        resolve();
        return;
      }
      if (m.MsgType !== 'LockerUpdate') return;
      received++;
      lastAt = at;
      const key = `${m.Data.placeId}:${m.Data.doorNumber}:${m.Data.doorStatus}`;
      const index = seen.get(key) ?? 0;
      seen.set(key, index + 1);
      const t0 = sentAt.get(key)?.[index];
      const warming = warm.has(`${key}#${index}`);
      if (t0 !== undefined) {
        if (!warming) note(inst, at - t0);
      } else early.set(key, [...(early.get(key) ?? []), { index, at, inst }]);
      const d = deviceAt.get(key)?.[index];
      if (d !== undefined) {
        if (!warming) deviceLatencies.push(at - d);
      } else earlyDevice.set(key, [...(earlyDevice.get(key) ?? []), { index, at }]);
    });
    ws.on('error', () => resolve());
  });
}

// Connect in waves: a thousand handshakes at once measure the accept queue, not the fan-out.
for (let i = 0; i < clients; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, clients - i) }, (_, k) => open(i + k)));
}
parentPort.postMessage({ type: 'ready', connected });
