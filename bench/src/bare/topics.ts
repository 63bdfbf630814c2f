import type { WebSocket, WebSocketServer } from 'ws';

/**
 * What the bare broadcasters (in the bench's process and in their own) do with their sockets, and
 * only that: each socket names its topics, and a door event goes to the sockets of its place.
 * Returns the publish function.
 */
export function serveTopics(server: WebSocketServer) {
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
  /** A door changed: its LockerUpdate goes to the sockets of its place. */
  return (placeId: number, doorNumber: number, doorStatus: number) => {
    const text = JSON.stringify({
      MsgType: 'LockerUpdate',
      Data: { placeId, lockerId: 0, doorNumber, status: 0, doorStatus, enabled: 1 },
    });
    for (const ws of byTopic.get(`place:${placeId}`) ?? []) ws.send(text);
  };
}
