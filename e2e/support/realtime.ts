import type { Page } from '@playwright/test';
import type { RealtimeTopic } from '@cacifo/contract';

/**
 * Resolves once the page's realtime socket listens to `topic`: the server's `Subscribed` reply
 * names it. A socket only gets the topics of the queries on screen (ADR 0140), and the screen sends
 * them a moment after the socket opens, so a change made elsewhere before this reply is not pushed.
 * Call it before the navigation that opens the socket, await it after.
 */
export function realtimeSubscribed(page: Page, topic: RealtimeTopic): Promise<void> {
  return page
    .waitForEvent('websocket')
    .then((ws) =>
      ws.waitForEvent('framereceived', {
        predicate: (frame) => {
          try {
            const message = JSON.parse(String(frame.payload)) as {
              MsgType?: string;
              Data?: { topics?: string[] };
            };
            return message.MsgType === 'Subscribed' && !!message.Data?.topics?.includes(topic);
          } catch {
            return false;
          }
        },
        timeout: 30_000,
      }),
    )
    .then(() => undefined);
}
