import { expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { apiScopeOf, can } from '@cacifo/contract';
import { TEST_CLIENT, describeEachDb, signIn } from '../helpers/test-app.js';
import { apiRoutes, destructiveLast, jsonSchemaOf, sampleUrl } from './route-samples.js';
import type { RouteEntry } from '../../src/plugins/auth.js';

/** A string with a NUL somewhere (the one bad character a URL or a header can carry). */
const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `${a}\0${b}`);
/** Control characters no text may hold (issue #31): C0 but tab and newline, DEL, C1, a lone CR. */
const CONTROLS = ['\u0001', '\u0007', '\u001b[2J', '\u000b', '\u007f', '\u009b', '\rx'];
/** A string with NUL or a control character (what a URL can carry to a path or a query). */
const withControl = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\0', ...CONTROLS), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);
/** A string with NUL, an unpaired surrogate or a control character (JSON and form bodies can carry all). */
const badString = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\0', '\uD800', '\uDFFF', 'x\uDBFF', ...CONTROLS),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, bad, b]) => `${a}${bad}${b}`);

function keysOf(schema: z.ZodType | undefined): string[] {
  return Object.keys(jsonSchemaOf(schema)?.properties ?? {});
}

interface Probe {
  what: string;
  /** The part the refusal must name: `query.search`, `params.id`, `headers.x`, `body.username`. */
  field: string;
  req: InjectOptions;
}

let counter = 0;
const NUMBER_OF_RUNS = 3;

/** Probes for one route, from its table entry: each query key, each path parameter, a header, each body field. */
function probesOf(route: RouteEntry, token: string, bodyToo: boolean): fc.Arbitrary<Probe>[] {
  const auth = { authorization: `Bearer ${token}` };
  const method = route.method as 'GET';
  const out: fc.Arbitrary<Probe>[] = [];
  const queryKeys = keysOf(route.schemas?.query);
  for (const key of queryKeys.length ? queryKeys : ['q']) {
    out.push(
      withControl.map((v) => ({
        what: `${route.method} ${route.url} ?${key}`,
        field: `query.${key}`,
        req: { method, url: `${sampleUrl(route.url)}?${key}=${encodeURIComponent(v)}`, headers: auth },
      })),
    );
  }
  for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
    out.push(
      withControl.map((v) => ({
        what: `${route.method} ${route.url} :${name}`,
        field: `params.${name}`,
        req: {
          method,
          url: route.url.replace(`:${name}`, encodeURIComponent(v)).replace(/:\w+/g, '1'),
          headers: auth,
        },
      })),
    );
  }
  out.push(
    withNul.map((v) => ({
      what: `${route.method} ${route.url} Idempotency-Key`,
      field: 'headers.idempotency-key',
      req: {
        method,
        url: sampleUrl(route.url),
        headers: { ...auth, 'idempotency-key': `k${++counter}${v}` },
      },
    })),
  );
  if (bodyToo && route.method !== 'GET') {
    const bodyKeys = keysOf(route.schemas?.body);
    for (const key of bodyKeys.length ? bodyKeys : ['x']) {
      out.push(
        badString.map((v) => ({
          what: `${route.method} ${route.url} body.${key}`,
          field: `body.${key}`,
          req: { method, url: sampleUrl(route.url), headers: auth, payload: { [key]: v } },
        })),
      );
    }
    // A bad key is as bad as a bad value.
    out.push(
      badString.map((k) => ({
        what: `${route.method} ${route.url} body key`,
        field: `body.${k}`,
        req: { method, url: sampleUrl(route.url), headers: auth, payload: { [k]: 1 } },
      })),
    );
  }
  return out;
}

/** The token endpoint, unauthenticated: every field of both grants, as a form and as JSON. */
function tokenProbes(): fc.Arbitrary<Probe>[] {
  const base = {
    grant_type: 'password',
    username: 'someone',
    password: 'x',
    refresh_token: 'r',
    ...TEST_CLIENT,
  };
  return Object.keys(base).flatMap((key) => [
    badString.map((v) => ({
      what: `token JSON ${key}`,
      field: `body.${key}`,
      req: { method: 'POST' as const, url: '/oauth/v2/token', payload: { ...base, [key]: v } },
    })),
    withNul.map((v) => ({
      what: `token form ${key}`,
      field: `body.${key}`,
      req: {
        method: 'POST' as const,
        url: '/oauth/v2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...base, [key]: v }).toString(),
      },
    })),
  ]);
}

async function rowCounts(app: FastifyInstance) {
  const out: Record<string, number> = {};
  for (const t of await app.db.introspection.getTables()) {
    if (['rate_limits', 'tokens', 'job_locks'].includes(t.name) || t.name.startsWith('kysely_')) continue;
    const r = await app.db
      .selectFrom(t.name as 'admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t.name] = Number(r.n);
  }
  return out;
}

/**
 * Strings with NUL or unpaired surrogates, in every part of every route of the table (query, path
 * parameters, headers, body) and in the token endpoint: always 400 invalidInput naming the field,
 * never a 500, and nothing changes.
 */
describeEachDb('bad bytes on every route', (ctx) => {
  it('are refused at the edge, 400 invalidInput naming the field, on every route', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const routes = destructiveLast(apiRoutes(ctx.app.routeTable));
    const before = await rowCounts(ctx.app);
    const probes = [
      ...tokenProbes(),
      ...routes.flatMap((r) =>
        probesOf(r, admin.token, !apiScopeOf(r.permission) && can('admin', r.permission, ctx.config.modules)),
      ),
    ];
    const failures: string[] = [];
    let tried = 0;
    for (const probe of probes) {
      await fc.assert(
        fc.asyncProperty(probe, async ({ what, field, req }) => {
          tried++;
          const res = await ctx.app.inject(req);
          const body = res.json() as { Description?: string; Data?: Record<string, string> };
          if (res.statusCode !== 400 || body.Description !== 'invalidInput' || !body.Data?.[field])
            failures.push(`${what} -> ${res.statusCode} ${JSON.stringify(body).slice(0, 120)}`);
          return true;
        }),
        { numRuns: NUMBER_OF_RUNS, seed: 20261125 },
      );
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(await rowCounts(ctx.app)).toEqual(before);
    console.info(`bad bytes: ${routes.length} routes, ${probes.length} probes, ${tried} requests`);
  }, 180_000);
});
