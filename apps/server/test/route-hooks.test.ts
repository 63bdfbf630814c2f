import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDb } from './helpers/test-app.js';

/**
 * Issue #34: a hook with nothing to do on a route is not on it. The idempotency claim and store
 * only on the routes whose contract entry says idempotent, the body's input guard only where a
 * body is read, the multipart plugin's hooks only on the uploads. Read from Fastify's own route
 * tree (printRoutes with hooks), so what is checked is what a request runs.
 */
function hooksOf(app: FastifyInstance, method: string, url: string): Record<string, string[]> {
  const lines = app.printRoutes({ includeHooks: true, commonPrefix: false, method }).split('\n');
  // The tree prints each route's path after its parent's; a full path names a top-level entry.
  const at = lines.findIndex((l) => l.replace(/^[\s│├└─]+\/?/, '') === `${url.slice(1)} (${method})`);
  if (at < 0) throw new Error(`${method} ${url} not in the route tree`);
  const hooks: Record<string, string[]> = {};
  for (const line of lines.slice(at + 1)) {
    const m = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (!m) break;
    hooks[m[1]!] = JSON.parse(m[2]!) as string[];
  }
  return hooks;
}

describeEachDb('hooks per route', (ctx) => {
  const all = (h: Record<string, string[]>) => Object.values(h).flat();

  it('a GET lookup runs no idempotency, body guard or multipart hook', () => {
    const order = hooksOf(ctx.app, 'GET', '/api/delivery/order');
    expect(all(order)).not.toContain('idempotencyClaim()');
    expect(all(order)).not.toContain('idempotencyStore()');
    expect(all(order)).not.toContain('inputGuardBody()');
    expect(order.preHandler).toBeUndefined();
    // The tenant scope only: a GET reads no body.
    expect(order.preValidation).toHaveLength(1);
    // Security headers, input guard (path, query, headers), authentication and the WebSocket
    // plugin's marker: no multipart close listener since the uploads moved to their own context.
    expect(order.onRequest).toHaveLength(4);
    expect(all(hooksOf(ctx.app, 'GET', '/api/julian/user/:id'))).not.toContain('inputGuardBody()');
  });

  it('an idempotent POST carries the claim and the store; a body route the guard; an upload multipart', () => {
    const create = hooksOf(ctx.app, 'POST', '/api/delivery/order');
    expect(create.preHandler).toEqual(['idempotencyClaim()']);
    expect(create.onSend).toContain('idempotencyStore()');
    expect(create.preValidation).toContain('inputGuardBody()');
    const update = hooksOf(ctx.app, 'PUT', '/api/delivery/order');
    expect(all(update)).not.toContain('idempotencyClaim()');
    expect(update.preValidation).toContain('inputGuardBody()');
    const upload = hooksOf(ctx.app, 'POST', '/api/delivery/importOrders');
    expect(upload.onRequest).toHaveLength(5);
    expect(upload.preValidation).toContain('inputGuardBody()');
  });
});
