/**
 * The bare `ws` broadcaster as a process of its own (issue #34's floor for realtime), fed the way
 * the server is: each door event arrives as an HTTP request (POST /publish/<place>/<door>/<status>)
 * from the bench, as the server's arrive through the simulator's dev route. So both legs are timed
 * from the same point, each in its own process, and the ratio is what the server adds: its route,
 * recording the event, and its fan-out. Started by lib/bare-broadcaster.ts; argv: port.
 */
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2]);
const byTopic = new Map<string, Set<WebSocket>>();

const http = createServer((req, res) => {
  const m = /^\/publish\/(\d+)\/(\d+)\/(\d+)$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !m) {
    res.writeHead(404).end();
    return;
  }
  // The body is empty; the request is answered once the event has been written to its sockets.
  req.resume();
  const [, placeId, doorNumber, doorStatus] = m.map(Number) as [number, number, number, number];
  const text = JSON.stringify({
    MsgType: 'LockerUpdate',
    Data: { placeId, lockerId: 0, doorNumber, status: 0, doorStatus, enabled: 1 },
  });
  for (const ws of byTopic.get(`place:${placeId}`) ?? []) ws.send(text);
  res.writeHead(204).end();
});

const wss = new WebSocketServer({ server: http });
wss.on('connection', (ws) => {
  let held: string[] = [];
  ws.send(JSON.stringify({ MsgType: 'Authenticated', Data: {} }));
  ws.on('message', (raw: Buffer) => {
    const m = JSON.parse(raw.toString()) as { subscribe?: string[] };
    if (!m.subscribe) return;
    for (const t of held) byTopic.get(t)?.delete(ws);
    held = m.subscribe;
    for (const t of held) byTopic.set(t, (byTopic.get(t) ?? new Set()).add(ws));
    ws.send(JSON.stringify({ MsgType: 'Subscribed', Data: { topics: held } }));
  });
  ws.on('close', () => {
    for (const t of held) byTopic.get(t)?.delete(ws);
  });
});

http.listen(port, '127.0.0.1', () => process.send?.({ ready: true }));
