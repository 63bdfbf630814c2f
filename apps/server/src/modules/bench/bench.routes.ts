import type { FastifyInstance } from 'fastify';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';

/** Wall-clock time with sub-millisecond resolution, comparable across processes on one machine. */
const wallNow = () => performance.timeOrigin + performance.now();

/** 100 objects shaped like a place's locker views (~300 bytes each once serialised). */
const PAYLOAD_30K = Array.from({ length: 100 }, (_, i) => ({
  id: 1000 + i,
  placeId: 7,
  doorNumber: i + 1,
  size: ['S', 'M', 'L'][i % 3],
  status: i % 4,
  doorStatus: i % 2,
  enabled: 1,
  accessibility: 0,
  doorStatusUpdatedAt: '2026-11-22T09:00:00.000Z',
  expirationDateTime: null,
  available: i % 4 === 0,
  locker_users: i % 5 === 0 ? [{ id: 40_000 + i, name: 'Maria Oliveira Santos' }] : [],
  activeDelivery:
    i % 3 === 0
      ? {
          deliveryType: 'COURIER',
          storedAt: '2026-11-21T15:04:05.000Z',
          orderId: 900_000 + i,
          packageId: `PKG${i}X7Q2`,
        }
      : null,
}));

/**
 * Hooks for `npm run bench`, registered only with BENCH_BARE_ROUTE=1, never in a normal start:
 * - a constant through the same plugins, hooks and envelope as every real call: the framework's
 *   ceiling, to which each call is reported as a ratio; and a 30 KB constant, the floor of an
 *   answer as large as a place's lockers;
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
      url: '/api/bench/bare30k',
      permission: 'public',
      summary: 'Benchmark: a constant of 100 locker-like objects, ~30 KB (only with BENCH_BARE_ROUTE=1)',
      // Serialised and written on every call, as a real answer is: the floor of lockersByPlace.
      handler: () => ({ Lockers: PAYLOAD_30K }),
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
