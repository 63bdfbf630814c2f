import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  API,
  apiScopeOf,
  can,
  ID_DIGITS,
  type AccountRole,
  type HttpMethod,
  type Permission,
} from '@cacifo/contract';
import { describeEachDb, signIn } from '../helpers/test-app.js';
import { bindScreen, createPlace } from '../helpers/fixtures.js';
import { ALL_SCOPES, createApiKey } from '../helpers/partner-fixtures.js';
import { apiRoutes, destructiveLast } from './route-samples.js';

interface Json {
  type?: string | string[];
  properties?: Record<string, Json>;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  items?: Json;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
}

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
const alternatives = (s: Json): Json[] => [
  s,
  ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(alternatives),
];
const typesOf = (s: Json) => new Set(alternatives(s).flatMap((a) => [a.type ?? []].flat()));
/** Every property of an object schema, its unions and intersections included. */
function propertiesOf(s: Json): Record<string, Json> {
  const out: Record<string, Json> = { ...(s.properties ?? {}) };
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    Object.assign(out, propertiesOf(alt));
  return out;
}
const positive = (s: Json) =>
  alternatives(s).some((a) => a.exclusiveMinimum === 0 || (a.minimum !== undefined && a.minimum >= 1));

/**
 * What a JSON field that takes a whole number (an id above all) must refuse: the forms that a
 * coercing schema turned into row ids (issue #31), minus any the field's own type allows.
 */
function badJsonValues(s: Json): unknown[] {
  const types = typesOf(s);
  const out: unknown[] = [true, { a: 1 }, 1.5, '2', '+2', ' 2'];
  if (!types.has('array')) out.push([3]);
  else out.push(['2'], [true], [1.5], [0]);
  if (positive(s)) out.push(0, -1);
  else out.push(-1.5);
  return out.filter((v) => !(typeof v === 'string' && types.has('string')));
}
/** What a path or query id (a string of digits) must refuse. */
const BAD_URL_IDS = ['true', '+2', '-1', '0', '1.5', ' 2', '2e0', '0x2', '[3]', '1,2'];

/** Is this query or path field an id (urlIdSchema: digits, or a number from the typed client)? */
const isUrlId = (s: Json) => alternatives(s).some((a) => a.pattern === ID_DIGITS.source);

async function rowCounts(app: FastifyInstance) {
  const out: Record<string, number> = {};
  for (const t of await app.db.introspection.getTables()) {
    // device_credential_sets is what the background publisher derives from the other tables (ADR
    // 0125): its sweep writes it whenever it runs, whatever the requests.
    const skip = ['rate_limits', 'tokens', 'job_locks', 'device_credential_sets'];
    if (skip.includes(t.name) || t.name.startsWith('kysely_')) continue;
    const r = await app.db
      .selectFrom(t.name as 'admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t.name] = Number(r.n);
  }
  return out;
}

/** What the suite needs of a route: its table entry's schemas (a contract entry's, or a route's own). */
interface Probed {
  method: HttpMethod;
  path: string;
  permission: Permission;
  body?: z.ZodType | undefined;
  query?: z.ZodType | undefined;
  params?: z.ZodType | undefined;
}

const ROLES: AccountRole[] = ['admin', 'courier', 'store', 'dash', 'screen', 'editor', 'security'];

/**
 * Issue #31: an id is a positive whole number in JSON and a string of digits in a path or query
 * string. Generated from the route table (each route's contract entry): every id field of every
 * body, query and path gets the forms a coercing schema once read as row 1, 2 or 3, as a caller
 * allowed to reach the route, and each is 400 invalidInput naming that field; no row changes.
 */
describeEachDb('strict ids on every route', (ctx) => {
  const tokens = new Map<AccountRole, string>();
  let partnerKey: string;
  beforeAll(async () => {
    for (const role of ROLES) tokens.set(role, (await signIn(ctx.app, role)).token);
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, (await createPlace(ctx.app, { doors: 2 })).placeId);
    tokens.set('screen', screen.token);
    partnerKey = (await createApiKey(ctx.app, tokens.get('admin')!, ALL_SCOPES)).key;
  });

  /** A bearer allowed through the route's permission, so the answer is its validation's. */
  function bearerFor(e: Probed): string | null {
    if (e.permission === 'public') return null;
    if (apiScopeOf(e.permission)) return partnerKey;
    const role = ROLES.find((r) => can(r, e.permission, ctx.config.modules));
    if (!role) throw new Error(`no test role reaches ${e.method} ${e.path}`);
    return tokens.get(role)!;
  }

  it('refuses every form that is not an id, 400 invalidInput naming the field, and changes nothing', async () => {
    const routes = destructiveLast(apiRoutes(ctx.app.routeTable)).filter(
      (r) => !r.endpoint?.upload && r.url !== API.auth.logout.path,
    );
    const before = await rowCounts(ctx.app);
    const failures: string[] = [];
    const covered = { body: 0, query: 0, params: 0 };
    let tried = 0;
    let unionBody = false;
    const send = async (
      e: Probed,
      where: keyof typeof covered,
      field: string,
      url: string,
      payload?: unknown,
      wellFormed = false,
    ) => {
      const bearer = bearerFor(e);
      const json = e.method === 'GET' ? null : JSON.stringify(payload ?? {});
      const res = await ctx.app.inject({
        method: e.method,
        url,
        headers: {
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...(json === null ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === null ? {} : { payload: json }),
      });
      tried++;
      // A download (an export answered with its file) is a failure too: never parsed as JSON.
      const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
      const body = (isJson ? res.json() : {}) as {
        Description?: string;
        Data?: Record<string, string> | null;
      };
      // A body that is a union of shapes (extendLocker) is refused whole: zod names no one branch's field.
      const names = (k: string) =>
        k === `${where}.${field}` || k.startsWith(`${where}.${field}.`) || (k === where && unionBody);
      const named = Object.keys(body.Data ?? {}).some(names);
      // The digits of an id that does not exist are no input error of that field (a 404 at most).
      if (wellFormed) {
        if (named || res.statusCode >= 500 || (res.statusCode < 300 && e.method !== 'GET'))
          failures.push(
            `${e.method} ${url} (an id's digits) -> ${res.statusCode} ${JSON.stringify(body).slice(0, 140)}`,
          );
        return;
      }
      if (res.statusCode !== 400 || body.Description !== 'invalidInput' || !named)
        failures.push(
          `${e.method} ${url} ${payload === undefined ? '' : JSON.stringify(payload)} -> ${res.statusCode} ${JSON.stringify(body).slice(0, 140)}`,
        );
    };
    const fill = (e: Probed, values: Record<string, string> = {}) =>
      e.path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '999999');

    for (const route of routes) {
      const e: Probed = {
        method: route.method as HttpMethod,
        path: route.url,
        permission: route.permission,
        ...route.schemas,
      };
      if (e.body) {
        const json = toJson(e.body);
        unionBody = !json.properties && !!(json.anyOf ?? json.oneOf);
        for (const [field, s] of Object.entries(propertiesOf(json))) {
          if (!typesOf(s).has('integer')) continue;
          covered.body++;
          for (const bad of badJsonValues(s)) await send(e, 'body', field, fill(e), { [field]: bad });
        }
      }
      unionBody = false;
      if (e.query) {
        for (const [field, s] of Object.entries(propertiesOf(toJson(e.query)))) {
          // Any other whole number in a URL still has to take its digits (a body's idSchema would not).
          if (!isUrlId(s) && typesOf(s).has('integer'))
            await send(e, 'query', field, `${fill(e)}?${field}=1`, undefined, true);
          if (!isUrlId(s)) continue;
          covered.query++;
          for (const bad of [...BAD_URL_IDS, ''])
            await send(e, 'query', field, `${fill(e)}?${new URLSearchParams({ [field]: bad })}`);
          await send(e, 'query', field, `${fill(e)}?${field}=1&${field}=2`);
          await send(e, 'query', field, `${fill(e)}?${field}=999999`, undefined, true);
        }
      }
      if (e.params) {
        for (const [field, s] of Object.entries(propertiesOf(toJson(e.params)))) {
          if (!isUrlId(s) && !typesOf(s).has('integer')) continue;
          await send(e, 'params', field, fill(e), undefined, true);
          if (!isUrlId(s)) continue;
          covered.params++;
          for (const bad of BAD_URL_IDS)
            await send(e, 'params', field, fill(e, { [field]: encodeURIComponent(bad) }));
        }
      }
    }
    expect(failures.slice(0, 25)).toEqual([]);
    expect(await rowCounts(ctx.app)).toEqual(before);
    expect(covered.body).toBeGreaterThan(50);
    expect(covered.query).toBeGreaterThan(50);
    expect(covered.params).toBeGreaterThan(40);
    console.info(`strict ids: ${JSON.stringify(covered)} id fields, ${tried} requests`);
  }, 240_000);
});
