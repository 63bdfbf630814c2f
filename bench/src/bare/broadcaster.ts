/**
 * The bare `ws` broadcaster as a process of its own (issue #34's floor for realtime), fed the way
 * the server is: each door event arrives as an HTTP request (POST /publish/<place>/<door>/<status>)
 * from the bench, as the server's arrive through the simulator's dev route. So both legs are timed
 * from the same point, each in its own process, and the ratio is what the server adds: its route,
 * recording the event, and its fan-out. Started by lib/bare-broadcaster.ts; argv: port.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { serveTopics } from './topics.js';

const port = Number(process.argv[2]);
let publish: ReturnType<typeof serveTopics> = () => {};

const http = createServer((req, res) => {
  const m = /^\/publish\/(\d+)\/(\d+)\/(\d+)$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !m) {
    res.writeHead(404).end();
    return;
  }
  // The body is empty; the request is answered once the event has been written to its sockets.
  req.resume();
  const [, placeId, doorNumber, doorStatus] = m.map(Number) as [number, number, number, number];
  publish(placeId, doorNumber, doorStatus);
  res.writeHead(204).end();
});

publish = serveTopics(new WebSocketServer({ server: http }));

http.listen(port, '127.0.0.1', () => process.send?.({ ready: true }));
