import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The floor the realtime figures are compared with (issue #34): a plain `ws` server on this
 * machine, in this run, that does only what a realtime server must: it keeps each socket's topics
 * and writes each event to the sockets of its place. No authentication, no database, no framework.
 */
export async function startBareBroadcaster() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const byTopic = new Map<string, Set<WebSocket>>();
  server.on('connection', (ws) => {
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
  const { port } = server.address() as { port: number };
  return {
    wsUrl: `ws://127.0.0.1:${port}`,
    /** A door changed: its LockerUpdate goes to the sockets of its place. */
    publish(placeId: number, doorNumber: number, doorStatus: number) {
      const text = JSON.stringify({
        MsgType: 'LockerUpdate',
        Data: { placeId, lockerId: 0, doorNumber, status: 0, doorStatus, enabled: 1 },
      });
      for (const ws of byTopic.get(`place:${placeId}`) ?? []) ws.send(text);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of server.clients) ws.terminate();
        server.close(() => resolve());
      }),
  };
}
