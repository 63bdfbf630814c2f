import { beforeAll, describe, expect, it } from 'vitest';
import { apiScopeOf, can, type CallInput, type Endpoint } from '@cacifo/contract';
import { apiRequest, describeEachDb } from '../helpers/test-app.js';
import { jsonOf, sampleObject } from './object-samples.js';
import {
  allEndpoints,
  idFields,
  keyOf,
  ownershipOf,
  OWNERSHIP,
  SAMPLE_EXTRAS,
  type IdField,
} from './ownership-map.js';
import { buildWorld, type Principal, type Victim, type World } from './ownership-world.js';

const admitted = (p: Principal, e: Endpoint) => {
  const scope = apiScopeOf(e.permission);
  return p.scopes ? scope !== null && p.scopes.includes(scope) : scope === null && can(p.role!, e.permission);
};

describe('ownership map', () => {
  it('names what every id of every route in the contract belongs to, and nothing that is gone', () => {
    const missing: string[] = [];
    const known = new Set<string>();
    for (const e of allEndpoints())
      for (const f of idFields(e)) {
        known.add(`${e.id} ${keyOf(f)}`);
        if (!ownershipOf(e, f)) missing.push(`${e.id} ${keyOf(f)}`);
      }
    const stale = Object.entries(OWNERSHIP).flatMap(([id, fields]) =>
      Object.keys(fields)
        .map((f) => `${id} ${f}`)
        .filter((k) => !known.has(k)),
    );
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it("lets no client, key, courier or kiosk call a route whose ids are only the operator's", () => {
    const open: string[] = [];
    for (const e of allEndpoints())
      for (const f of idFields(e)) {
        const entry = ownershipOf(e, f);
        if (!entry || !('staff' in entry)) continue;
        if (
          apiScopeOf(e.permission) ||
          (['store', 'courier', 'screen'] as const).some((r) => can(r, e.permission))
        )
          open.push(`${e.id} ${keyOf(f)} (${e.permission})`);
      }
    expect(open).toEqual([]);
  });
});

/** A request for `e` naming `value` in `field`; the rest a sample, the caller's own objects, or nothing. */
async function inputFor(world: World, e: Endpoint, field: IdField, victim: Victim, p: Principal) {
  const query = jsonOf(e.query);
  const body = jsonOf(e.body);
  const extra = SAMPLE_EXTRAS[e.id];
  const q: Record<string, unknown> = { ...(query ? sampleObject(query) : {}), ...extra?.query };
  // An export is asked for as CSV, so that what it would leak can be read.
  if (query?.properties?.format?.enum?.includes('csv')) q.format = 'csv';
  // An access change (an editor's attack on an account) is the whole body: contact edits are allowed.
  const b: Record<string, unknown> | undefined = body
    ? { ...(victim.body ?? { ...sampleObject(body), ...extra?.body }) }
    : undefined;
  const v = field.list ? [victim.value] : victim.value;
  const params: Record<string, unknown> = {};
  for (const other of idFields(e).filter((f) => f.where === 'params')) {
    const entry = ownershipOf(e, other);
    const kind = entry && 'owns' in entry ? entry.owns : undefined;
    params[other.name] = (kind && p.own[kind]) ?? 999_999;
  }
  if (field.where === 'params') params[field.name] = v;
  if (field.where === 'query') q[field.name] = v;
  if (field.where === 'body' && b) b[field.name] = v;
  const entry = ownershipOf(e, field);
  if (b && 'updatedAt' in (body?.properties ?? {}) && !b.updatedAt) b.updatedAt = 'x';
  if (b && 'updatedAt' in (body?.properties ?? {}) && entry && 'owns' in entry)
    b.updatedAt = (await world.versionOf(entry.owns, victim.value)) ?? b.updatedAt;
  return { params, query: q, ...(b ? { body: b } : {}) } as CallInput<Endpoint>;
}

/**
 * Issue #31, done-when: every route that takes an id, generated from the contract's route table
 * and the ownership map, called with client A's objects (or place A's) by everyone beyond them:
 * the store admin of client B, a key of client B for each scope, a courier who did not handle the
 * parcel, an editor (access changes of the operator's accounts) and a kiosk of another place of
 * each kind. A leak is an answer that shows A's data (that the caller did not send), anything of
 * A changed (re-read from the database after each call), a file of A's parcel, or a 5xx.
 */
describeEachDb('ownership matrix', (ctx) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(ctx.app);
  }, 60_000);

  it('no principal beyond the owner reaches an owned object: 0 leaks', async () => {
    const leaks: string[] = [];
    const tally = {
      calls: 0,
      owned: 0,
      staff: 0,
      refused: 0,
      admitted: 0,
      objectRefused: 0,
      answered: 0,
      invalid: 0,
    };
    const pairs = new Set<string>();
    const routes = new Set<string>();
    let before = await world.fingerprint();
    for (const e of allEndpoints())
      for (const field of idFields(e)) {
        const entry = ownershipOf(e, field)!;
        if ('none' in entry) continue;
        for (const p of world.principals) {
          const victims: Victim[] =
            'owns' in entry ? (p.foreign[entry.owns] ?? []) : p.role === 'editor' ? [] : [{ value: 1 }];
          for (const victim of victims) {
            const input = await inputFor(world, e, field, victim, p);
            const req = apiRequest(e, input);
            const res = await ctx.app.inject({ ...req, headers: { authorization: `Bearer ${p.token}` } });
            tally.calls++;
            const what = `${p.name} ${e.id} ${keyOf(field)}=${victim.value}${victim.body ? ` ${JSON.stringify(victim.body)}` : ''}`;
            const refused = [401, 403, 404, 409].includes(res.statusCode);
            if ('staff' in entry) {
              tally.staff++;
              if (!refused || res.statusCode === 404)
                leaks.push(`${what}: ${res.statusCode} on a staff route`);
              else tally.refused++;
              continue;
            }
            tally.owned++;
            routes.add(e.id);
            // Refused by the permission table: the authorisation matrix shows no handler runs then.
            if (!admitted(p, e)) {
              if (refused) tally.refused++;
              else leaks.push(`${what}: ${res.statusCode} past the permission table`);
              continue;
            }
            pairs.add(`${e.id} ${p.name}`);
            tally.admitted++;
            const sent = JSON.stringify(input);
            const shown = world.secrets.filter((s) => res.body.includes(s) && !sent.includes(s));
            const isFile = !String(res.headers['content-type'] ?? '').includes('application/json');
            const after = await world.fingerprint();
            if (res.statusCode >= 500) leaks.push(`${what}: ${res.statusCode}`);
            else if (shown.length > 0) leaks.push(`${what}: ${res.statusCode} shows ${shown.join(', ')}`);
            else if (after !== before) leaks.push(`${what}: ${res.statusCode} changed client A's objects`);
            else if (isFile && res.statusCode < 300 && entry.owns === 'order')
              leaks.push(`${what}: answered the parcel's file`);
            else if (refused) tally.objectRefused++;
            else if (res.statusCode < 300) tally.answered++;
            else tally.invalid++;
            before = after;
          }
        }
      }
    expect(leaks).toEqual([]);
    expect(routes.size).toBeGreaterThan(60);
    expect(tally.objectRefused).toBeGreaterThan(tally.admitted / 2);
    console.info(
      `ownership matrix [${ctx.dialect}]: ${routes.size} owned-object routes x ${world.principals.length} ` +
        `principals; ${tally.calls} calls (${tally.owned} naming client A's objects, ${tally.staff} on ` +
        `staff-only routes), ${tally.refused} refused by the permission table; ${tally.admitted} calls in ` +
        `${pairs.size} route x principal pairs the table admits: ${tally.objectRefused} refused (403/404/409), ` +
        `${tally.answered} answered without the object, ${tally.invalid} other 4xx; ${leaks.length} leaks`,
    );
  }, 180_000);
});
