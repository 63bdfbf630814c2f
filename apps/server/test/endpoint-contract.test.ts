import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, API, defineEndpoints, endpointErrors } from '@cacifo/contract';
import { registerRoutes, route } from '../src/lib/define-route.js';
import { AppError } from '../src/lib/errors.js';
import { takeContractViolations } from '../src/lib/reply-contract.js';
import { currentOpenApi, OPENAPI_FILE } from '../src/scripts/openapi.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';

// Endpoints that exist only in this test, to show that a broken contract is caught.
const probe = defineEndpoints('probe', {
  shape: {
    method: 'GET',
    // eslint-disable-next-line no-restricted-syntax -- this suite's own probe endpoint, registered here.
    path: '/api/test-probe/shape',
    permission: 'session',
    summary: 'Answers a Data that its schema does not describe',
    query: z.object({ extra: z.coerce.boolean().optional() }),
    reply: z.object({ count: z.number().int() }),
  },
  failure: {
    method: 'GET',
    // eslint-disable-next-line no-restricted-syntax -- this suite's own probe endpoint, registered here.
    path: '/api/test-probe/failure',
    permission: 'session',
    summary: 'Fails with a code its entry does not list',
    reply: z.null(),
    errors: ['notFound'],
  },
});

describeEachDb(
  'endpoint contract',
  (ctx) => {
    it('registers every contract endpoint exactly once, with its permission and schemas', () => {
      for (const e of allEndpoints()) {
        const routes = ctx.app.routeTable.filter((r) => r.method === e.method && r.url === e.path);
        expect(routes, e.id).toHaveLength(1);
        expect(routes[0]!.endpoint, e.id).toBe(e);
        expect(routes[0]!.permission, e.id).toBe(e.permission);
        expect(routes[0]!.schemas?.query, e.id).toBe(e.query);
        expect(routes[0]!.schemas?.body, e.id).toBe(e.body);
      }
      for (const [key, group] of Object.entries(API)) {
        for (const e of Object.values(group)) expect(e.tag).toBe(key);
      }
    });

    it('serves no API route that is not a contract entry (dev and bench tools aside)', () => {
      // The simulator's hands (/api/dev, only with the simulator driver) and the benchmark's
      // constants (/api/bench, only with BENCH_BARE_ROUTE=1) are tooling, kept out of the docs.
      const outside = ctx.app.routeTable
        // eslint-disable-next-line no-restricted-syntax -- route-table prefixes, not a call.
        .filter((r) => r.url.startsWith('/api/') && !/^\/api\/(dev|bench)\//.test(r.url))
        // eslint-disable-next-line no-restricted-syntax -- this suite's probe endpoints' prefix.
        .filter((r) => !r.endpoint && !r.url.startsWith('/api/test-probe/'))
        .map((r) => `${r.method} ${r.url}`);
      expect(outside).toEqual([]);
    });

    it('answers a reply that breaks its schema with a 500 and records why', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const good = await callApi(ctx.app, token, probe.shape, {});
      expect(good.status).toBe(200);
      expect(good.body.Data).toEqual({ count: 3 });
      expect(takeContractViolations()).toEqual([]);

      const bad = await callApi(ctx.app, token, probe.shape, { query: { extra: '1' } });
      expect(bad.status).toBe(500);
      expect(takeContractViolations()).toEqual([
        expect.stringMatching(/probe\.shape.*must NOT have additional properties.*secret/),
      ]);
    });

    it('records a failure code that the entry does not declare', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const res = await callApi(ctx.app, token, probe.failure, {});
      expect(res.body.Description).toBe('orderNotExist');
      expect(endpointErrors(probe.failure)).not.toContain('orderNotExist');
      expect(takeContractViolations()).toEqual([
        expect.stringMatching(/probe\.failure.*'orderNotExist'.*does not list/),
      ]);
    });
  },
  {
    setup: (app) =>
      registerRoutes(app, [
        route(probe.shape, ({ query }) =>
          query.extra ? ({ count: 3, secret: 'x' } as { count: number }) : { count: 3 },
        ),
        route(probe.failure, () => {
          throw new AppError('orderNotExist');
        }),
      ]),
  },
);

it('docs/openapi.json is what `npm run docs:api` writes today', async () => {
  expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await currentOpenApi());
}, 60_000);
