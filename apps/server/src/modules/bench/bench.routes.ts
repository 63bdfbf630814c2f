import type { FastifyInstance } from 'fastify';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';

/** Wall-clock time with sub-millisecond resolution, comparable across processes on one machine. */
const wallNow = () => performance.timeOrigin + performance.now();

/**
 * Hooks for `npm run bench`, registered only with BENCH_BARE_ROUTE=1, never in a normal start:
 * - a constant through the same plugins, hooks and envelope as every real call: the framework's
 *   ceiling, to which each call is reported as a ratio;
 * - an answer once the door events of the start (every controller reports every door) are in;
 * - the moment each door event left the device driver, so realtime latency is measured from the
 *   device event itself rather than from the request that caused it.
 */
export async function benchModule(app: FastifyInstance) {
  const deviceEvents = new Map<string, number>();
  // Kept from the first call on: the door events of the start are not the bench's, and holding
  // them (21,000 at the large scale) would add to the idle memory the run reads before that call.
  let recording = false;
  const unsubscribe = app.devices.driver.subscribe((e) => {
    if (!recording || e.type !== 'doorState') return;
    // Bounded: the bench reads and clears it; a forgotten run cannot grow it without limit.
    if (deviceEvents.size < 100_000) deviceEvents.set(`${e.placeId}:${e.doorNumber}:${e.status}`, wallNow());
  });
  app.addHook('onClose', async () => unsubscribe());

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/bench/bare',
      permission: 'public',
      summary: 'Benchmark ceiling: a constant (only with BENCH_BARE_ROUTE=1)',
      handler: () => ({ ok: true }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/bench/settled',
      permission: 'public',
      summary: 'Benchmark: answers once every door event received so far is recorded and published',
      handler: async () => {
        await app.devices.events.drain();
        return { ok: true };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/bench/deviceEvents',
      permission: 'tools.manage',
      summary:
        'Benchmark: door events seen by the driver since the last call (none before the first), and clears them',
      handler: () => {
        recording = true;
        const events = Object.fromEntries(deviceEvents);
        deviceEvents.clear();
        return { events };
      },
    }),
  ]);
}
