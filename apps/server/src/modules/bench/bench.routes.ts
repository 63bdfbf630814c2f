import type { FastifyInstance } from 'fastify';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';

/**
 * The framework's ceiling for `npm run bench`: a constant through the same plugins, hooks and
 * envelope as every real call, so each call is reported as a ratio to it. Registered only with
 * BENCH_BARE_ROUTE=1; never in a normal start.
 */
export async function benchModule(app: FastifyInstance) {
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/bench/bare',
      permission: 'public',
      summary: 'Benchmark ceiling: a constant (only with BENCH_BARE_ROUTE=1)',
      handler: () => ({ ok: true }),
    }),
  ]);
}
