import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { API, REALTIME_PATH, type Endpoint } from '@cacifo/contract';
import { openRealtimeSocket } from './helpers/realtime-socket.js';
import { describeEachDb, signIn } from './helpers/test-app.js';

/**
 * Issue #34: a hook with nothing to do on a route is not on it. The idempotency claim and store
 * only on the routes whose contract entry says idempotent, the body's input guard only where a
 * body is read, the multipart plugin's hooks only on the uploads, the WebSocket plugin's only on
 * the realtime route, the wall's credential refresh only on the writes of credential permissions.
 * Read from Fastify's own route tree (printRoutes with hooks), so what is checked is what a
 * request runs.
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

/** A contract entry's method and path, as hooksOf takes them. */
const route = (e: Endpoint): [string, string] => [e.method, e.path];

describeEachDb('hooks per route', (ctx) => {
  const all = (h: Record<string, string[]>) => Object.values(h).flat();

  it('a GET lookup runs no idempotency, body guard, multipart, WebSocket or wall credential hook', () => {
    const order = hooksOf(ctx.app, ...route(API.orders.order));
    expect(all(order)).not.toContain('idempotencyClaim()');
    expect(all(order)).not.toContain('idempotencyStore()');
    expect(all(order)).not.toContain('inputGuardBody()');
    expect(order.preHandler).toBeUndefined();
    // The tenant scope only: a GET reads no body.
    expect(order.preValidation).toHaveLength(1);
    // Security headers, input guard (path, query, headers) and authentication: no multipart
    // close listener, no WebSocket marker, since those plugins live in contexts of their own.
    expect(order.onRequest).toHaveLength(3);
    // Neither the WebSocket plugin's socket teardown nor the wall's credential refresh.
    expect(order.onResponse).toBeUndefined();
    expect(all(hooksOf(ctx.app, ...route(API.office.user)))).not.toContain('inputGuardBody()');
    // A read of a credential permission changes no credential.
    expect(hooksOf(ctx.app, ...route(API.admins.employees)).onResponse).toBeUndefined();
  });

  it('the realtime route carries the WebSocket hooks; a credential write the wall refresh', () => {
    const socket = hooksOf(ctx.app, 'GET', REALTIME_PATH);
    expect(socket.onRequest).toHaveLength(4);
    expect(socket.onResponse).toHaveLength(1);
    for (const [method, url] of [
      API.office.createUser,
      API.office.deleteSchedule,
      API.admins.update,
      API.assets.create,
      API.apiKeys.create,
    ].map(route))
      expect(hooksOf(ctx.app, method, url).onResponse, `${method} ${url}`).toEqual([
        'wallCredentialsRefresh()',
      ]);
    // A write of another permission: no refresh.
    expect(hooksOf(ctx.app, ...route(API.orders.update)).onResponse).toBeUndefined();
  });

  it('an upgrade elsewhere is refused before routing; the realtime path still upgrades', async () => {
    const base = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const refused = new WebSocket(`${base}/api/delivery/order`);
    const status = await new Promise<number | string>((resolve) => {
      refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      refused.on('open', () => resolve('opened'));
      refused.on('error', (err) => resolve(err.message));
    });
    refused.terminate();
    expect(status).toBe(404);
    const { token } = await signIn(ctx.app, 'admin');
    // Signed in by its first message, as the web does...
    const { ws } = await openRealtimeSocket(`${base}${REALTIME_PATH}`, token);
    ws.close();
    // ...and by the Authorization header, which the global authentication hook reads on the upgrade.
    const byHeader = new WebSocket(`${base}${REALTIME_PATH}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const first = await new Promise<{ MsgType: string }>((resolve, reject) => {
      byHeader.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString()) as { MsgType: string }));
      byHeader.once('error', reject);
    });
    byHeader.close();
    expect(first.MsgType).toBe('Authenticated');
  });

  it('an idempotent POST carries the claim and the store; a body route the guard; an upload multipart', () => {
    const create = hooksOf(ctx.app, ...route(API.orders.create));
    expect(create.preHandler).toEqual(['idempotencyClaim()']);
    expect(create.onSend).toContain('idempotencyStore()');
    expect(create.preValidation).toContain('inputGuardBody()');
    const update = hooksOf(ctx.app, ...route(API.orders.update));
    expect(all(update)).not.toContain('idempotencyClaim()');
    expect(update.preValidation).toContain('inputGuardBody()');
    const upload = hooksOf(ctx.app, ...route(API.orders.importOrders));
    expect(upload.onRequest).toHaveLength(4);
    expect(upload.preValidation).toContain('inputGuardBody()');
  });
});
