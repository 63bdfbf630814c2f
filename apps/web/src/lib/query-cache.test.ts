import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryCache } from './query-cache';

/** A server whose list changes while the first read is on its way back. */
function slowServer() {
  let version = 1;
  const answers: Array<() => void> = [];
  return {
    reads: 0,
    change() {
      version += 1;
    },
    /** The queryFn: reads the version now, answers when `answer()` is called. */
    read(this: { reads: number }) {
      this.reads += 1;
      const seen = version;
      return new Promise<number>((resolve) => answers.push(() => resolve(seen)));
    },
    answer() {
      answers.shift()?.();
    },
    get pending() {
      return answers.length;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('an invalidation during a first fetch', () => {
  const watch = (client: QueryClient, server: ReturnType<typeof slowServer>) => {
    const observer = new QueryObserver(client, { queryKey: ['assets'], queryFn: () => server.read() });
    // Subscribed, as a screen's useQuery is: the query is active and fetches.
    const stop = observer.subscribe(() => undefined);
    return { observer, stop };
  };

  it('fetches again when the stale first answer lands, so the screen shows the change', async () => {
    const client = new QueryClient({ queryCache: createQueryCache() });
    const server = slowServer();
    const { observer, stop } = watch(client, server);
    await settle();
    expect(server.reads).toBe(1);
    // The change happens and is announced while the first read is on its way back.
    server.change();
    void client.invalidateQueries({ queryKey: ['assets'] });
    server.answer();
    await settle();
    expect(server.reads).toBe(2);
    server.answer();
    await settle();
    expect(observer.getCurrentResult().data).toBe(2);
    stop();
  });

  it('without it TanStack keeps the stale answer (what this cache is for)', async () => {
    const client = new QueryClient();
    const server = slowServer();
    const { observer, stop } = watch(client, server);
    await settle();
    server.change();
    void client.invalidateQueries({ queryKey: ['assets'] });
    server.answer();
    await settle();
    expect(server.reads).toBe(1);
    expect(observer.getCurrentResult().data).toBe(1);
    stop();
  });

  it('a query with data is refetched once, as before', async () => {
    const client = new QueryClient({ queryCache: createQueryCache() });
    const server = slowServer();
    const { observer, stop } = watch(client, server);
    await settle();
    server.answer();
    await settle();
    server.change();
    void client.invalidateQueries({ queryKey: ['assets'] });
    await settle();
    server.answer();
    await settle();
    expect(server.reads).toBe(2);
    expect(server.pending).toBe(0);
    expect(observer.getCurrentResult().data).toBe(2);
    stop();
  });
});
