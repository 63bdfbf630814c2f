import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describeEachDb, signIn } from '../helpers/test-app.js';
import { apiRoutes, destructiveLast, jsonSchemaOf, sampleUrl, type JsonSchema } from './route-samples.js';

const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE admins; --",
  '<script>alert(1)</script>',
  '${7*7}',
  '../../etc/passwd',
  '\u0000',
  'x'.repeat(20_000),
  '=cmd|/C calc!A0',
];
const evilString = fc.oneof(fc.constantFrom(...INJECTIONS), fc.string({ maxLength: 40 }));
const evilNumber = fc.oneof(
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1e308, 1e308, -1, 0.5),
  fc.double({ noNaN: true }),
);
/** A value of a type other than the one a field wants, so the payload can never be valid. */
function wrongTypeFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const types = new Set(
    [
      schema?.type ?? [],
      ...(schema?.anyOf ?? []).map((s) => s.type),
      ...(schema?.oneOf ?? []).map((s) => s.type),
    ]
      .flat()
      .filter(Boolean),
  );
  const options: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) options.push(evilString);
  if (!types.has('number') && !types.has('integer')) options.push(evilNumber);
  if (!types.has('object')) options.push(fc.constant({ $gt: '', __proto__: { polluted: true } }));
  if (!types.has('array')) options.push(fc.array(evilString, { maxLength: 3 }));
  if (!types.has('boolean')) options.push(fc.boolean());
  return options.length ? fc.oneof(...options) : fc.constant(Symbol.for('none'));
}

/** Payloads that no route accepts: not an object at all, or an object with every required field wrongly typed. */
function invalidPayloads(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const notObject = fc.oneof(
    evilString,
    evilNumber,
    fc.constant(null),
    fc.array(fc.anything(), { maxLength: 3 }),
  );
  const required = schema?.required ?? [];
  if (!schema?.properties || required.length === 0) return notObject;
  const fields = Object.fromEntries(required.map((k) => [k, wrongTypeFor(schema.properties![k])]));
  const wrongObject = fc
    .record(fields)
    .map((o) => ({ ...o, constructor: { prototype: { polluted: true } } }));
  return fc.oneof(notObject, wrongObject);
}

/** The token endpoint's body (password grant), for the payloads it must refuse. */
const TOKEN_REQUEST: JsonSchema = {
  type: 'object',
  properties: { grant_type: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
  required: ['grant_type', 'username', 'password'],
};

async function rowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = await app.db.introspection.getTables();
  const skip = new Set(['rate_limits', 'tokens', 'job_locks', 'kysely_migration', 'kysely_migration_lock']);
  const out: Record<string, number> = {};
  for (const t of tables) {
    if (skip.has(t.name)) continue;
    const r = await app.db
      .selectFrom(t.name as 'admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t.name] = Number(r.n);
  }
  return out;
}

/**
 * Property-based fuzzing of every write route: invalid, oversized, wrongly typed and injection-shaped
 * payloads always get a 4xx envelope with a Description, never a 500, and no row changes.
 */
describeEachDb('bad input on every write route', (ctx) => {
  it('answers 4xx with a clear code and changes nothing', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const routes = destructiveLast(apiRoutes(ctx.app.routeTable)).filter(
      (r) => r.method !== 'GET' && r.url !== API.auth.logout.path,
    );
    expect(routes.length).toBeGreaterThan(10);
    const before = await rowCounts(ctx.app);
    const failures: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const schema = jsonSchemaOf(route.schemas?.body);
      await fc.assert(
        fc.asyncProperty(invalidPayloads(schema), async (payload) => {
          tried++;
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url: sampleUrl(route.url),
            headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          const body = res.json() as { ResultCode?: number; Description?: string };
          const ok =
            res.statusCode >= 400 && res.statusCode < 500 && body.ResultCode === 0 && !!body.Description;
          if (!ok)
            failures.push(
              `${route.method} ${route.url} -> ${res.statusCode} ${body.Description} for ${JSON.stringify(payload).slice(0, 80)}`,
            );
          return true;
        }),
        { numRuns: 12, seed: 20261121 },
      );
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(await rowCounts(ctx.app)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    console.info(`bad input: ${routes.length} write routes, ${tried} payloads tried`);
  }, 180_000);

  /**
   * The same pass over the other parts of a request: each query key and each path parameter of
   * every route gets injection-shaped, oversized and wrongly typed text (never a plain number, so
   * a path id names nothing), a forged bearer token goes to every route, and the token endpoint
   * gets the invalid payloads as JSON and as a form. Never a 5xx, always the envelope, no row changes.
   */
  it('query strings, path parameters, headers and the token endpoint: never a 5xx, nothing changes', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const routes = destructiveLast(apiRoutes(ctx.app.routeTable)).filter(
      (r) => r.url !== API.auth.logout.path,
    );
    const before = await rowCounts(ctx.app);
    const failures: string[] = [];
    let tried = 0;
    const judge = (
      what: string,
      res: { statusCode: number; body: string; headers: Record<string, unknown> },
    ) => {
      tried++;
      const json = String(res.headers['content-type'] ?? '').includes('application/json');
      const body = json ? (JSON.parse(res.body) as { ResultCode?: number; Description?: string }) : null;
      const enveloped = !json || (body?.ResultCode !== undefined && body.Description !== undefined);
      if (res.statusCode >= 500 || !enveloped)
        failures.push(`${what} -> ${res.statusCode} ${body?.Description ?? res.body.slice(0, 60)}`);
    };
    const textValue = fc.oneof(
      fc.constantFrom(...INJECTIONS, '-1', '1e308', 'NaN', '[]', '{"$gt":""}', 'true', ''),
      fc.string({ maxLength: 40 }).map((v) => `x${v}`),
    );
    for (const route of routes) {
      const query = jsonSchemaOf(route.schemas?.query);
      const parts = [
        ...Object.keys(query?.properties ?? {}).map((k) => ['query', k] as const),
        ...[...route.url.matchAll(/:(\w+)/g)].map((m) => ['params', m[1]!] as const),
      ];
      if (parts.length === 0) continue;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...parts), textValue, async ([where, name], value) => {
          const path =
            where === 'params'
              ? route.url
                  .replace(`:${name}`, encodeURIComponent(value || 'x'))
                  .replace(/:(\w+)/g, '999999')
                  .replace('*', 'x')
              : sampleUrl(route.url);
          const url = where === 'query' ? `${path}?${new URLSearchParams({ [name]: value })}` : path;
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers: { authorization: `Bearer ${admin.token}` },
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          judge(`${route.method} ${url.slice(0, 100)}`, res);
          return true;
        }),
        { numRuns: 6, seed: 20261125 },
      );
    }
    // A forged or malformed bearer token on every route: refused as such, nothing runs.
    const forged = ["' OR 1=1 --", 'x'.repeat(5000), 'eyJhbGciOiJub25lIn0.e30.', '../../etc/passwd'];
    for (const route of routes)
      for (const token of forged) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: sampleUrl(route.url),
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        judge(`${route.method} ${route.url} with a forged token`, res);
        if (res.statusCode === 200 && route.permission !== 'public')
          failures.push(`${route.method} ${route.url}: a forged token was let in`);
      }
    // The token endpoint: as JSON and as a form.
    await fc.assert(
      fc.asyncProperty(invalidPayloads(TOKEN_REQUEST), fc.boolean(), async (payload, asForm) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/oauth/v2/token',
          ...(asForm && payload !== null && typeof payload === 'object' && !Array.isArray(payload)
            ? {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: new URLSearchParams(
                  Object.entries(payload as Record<string, unknown>).map(
                    ([k, v]) => [k, String(v)] as [string, string],
                  ),
                ).toString(),
              }
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
        });
        judge(`POST /oauth/v2/token ${JSON.stringify(payload).slice(0, 60)}`, res);
        if (res.statusCode < 400)
          failures.push(`token endpoint accepted ${JSON.stringify(payload).slice(0, 60)}`);
        return true;
      }),
      { numRuns: 40, seed: 20261125 },
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(await rowCounts(ctx.app)).toEqual(before);
    console.info(`bad input outside the body: ${routes.length} routes, ${tried} requests`);
  }, 240_000);
});
