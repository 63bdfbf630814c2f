import WebSocket from 'ws';
import { waitFor } from './fixtures.js';

export type Received = { MsgType: string; Data: Record<string, unknown> };

/**
 * A signed-in socket and every message it receives after the server confirmed it. The token goes
 * in the first message, as the web sends it: never in the URL (issue #31).
 */
export async function openRealtimeSocket(url: string, token: string) {
  const ws = new WebSocket(url);
  const messages: Received[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ token })));
    ws.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as Received;
      if (m.MsgType === 'Authenticated') resolve();
      else messages.push(m);
    });
  });
  /** Sends the topics and waits for the server's answer (Subscribed or SubscriptionRefused). */
  const subscribe = async (topics: unknown) => {
    const before = messages.length;
    ws.send(JSON.stringify({ subscribe: topics }));
    return waitFor(async () =>
      messages.slice(before).find((m) => m.MsgType === 'Subscribed' || m.MsgType === 'SubscriptionRefused'),
    );
  };
  return { ws, messages, subscribe };
}
