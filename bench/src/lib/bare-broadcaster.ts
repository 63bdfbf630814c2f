import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { serveTopics } from '../bare/topics.js';
import { freePort } from './server.js';

/**
 * The floor the realtime figures are compared with (issue #34): a plain `ws` server on this
 * machine, in this run, that does only what a realtime server must: it keeps each socket's topics
 * and writes each event to the sockets of its place. No authentication, no database, no framework.
 * This one lives in the bench's process and is called directly: the lowest floor, kept beside the
 * fair one (startBareBroadcasterProcess) so the figures stay comparable with earlier runs.
 */
export async function startBareBroadcaster() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const publish = serveTopics(server);
  const { port } = server.address() as { port: number };
  return {
    wsUrl: `ws://127.0.0.1:${port}`,
    publish,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of server.clients) ws.terminate();
        server.close(() => resolve());
      }),
  };
}

/**
 * The same bare broadcaster in a process of its own, each event an HTTP request (bare/broadcaster.ts):
 * timed from the same point as the server's leg, whose events are requests to the simulator's route.
 */
export async function startBareBroadcasterProcess() {
  const port = await freePort();
  const child = fork(fileURLToPath(new URL('../bare/broadcaster.ts', import.meta.url)), [String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare broadcaster exited (${code}) before it listened`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    wsUrl: base.replace(/^http/, 'ws'),
    publish: (placeId: number, doorNumber: number, doorStatus: number) =>
      fetch(`${base}/publish/${placeId}/${doorNumber}/${doorStatus}`, { method: 'POST' }).then((r) =>
        r.arrayBuffer(),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
