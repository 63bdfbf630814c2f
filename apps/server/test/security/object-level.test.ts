import { beforeAll, expect, it } from 'vitest';
import { API, apiScopeOf, can, type AccountRole, type ApiScope } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from '../helpers/test-app.js';
import { bindScreen, createPlace } from '../helpers/fixtures.js';
import { closeDoor, createOrder, waitForState } from '../helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey } from '../helpers/partner-fixtures.js';
import type { RouteEntry } from '../../src/plugins/auth.js';
import { apiRoutes } from './route-samples.js';
import { objectFields, requestFor, type ObjectKind } from './object-samples.js';

/** A caller bound to something (a company, a place, its own deposits) and what lies beyond it. */
interface Actor {
  name: string;
  token: string;
  /** A role (back-office routes) or the scopes of a partner key (partner routes). */
  role?: AccountRole;
  scopes?: ApiScope[];
  /** Objects on the other side of the boundary, by kind. */
  foreign: Partial<Record<ObjectKind, Array<string | number>>>;
}

/** Refusals that say nothing about the object: the same whoever owns it. */
const NEUTRAL = new Set(['forbidden', 'packageIdUnavailable', 'kioskNotBound']);
/** What the other company's parcel carries: it must never appear in a reply to the other side. */
const SECRET_PHONE = '919876543';
const SECRET_NAME = 'Beatriz Segredo';

let unique = 0;
/** An object of the kind that exists nowhere (fresh each time: a create may take it). */
function nowhere(kind: ObjectKind): string | number {
  unique++;
  if (kind === 'packageId') return `NOPE${Date.now() % 1_000_000}${unique}`;
  if (kind === 'company') return `Nenhuma ${unique}`;
  return 900_000 + unique;
}

const allowed = (actor: Actor, route: RouteEntry) => {
  const scope = apiScopeOf(route.permission);
  if (actor.scopes) return scope !== null && actor.scopes.includes(scope);
  return scope === null && can(actor.role!, route.permission);
};

/**
 * Issue #20, OWASP API #1: the object-level pass of the authorisation suite. Two companies, two
 * places of each type, two couriers, two stores, kiosk screens at every place and two partner keys.
 * Every route that takes an order id, a package id, a place or a company (found in the route table
 * and the contract's path, query and body schemas, so a new route is covered by itself) is called
 * by each caller it admits with the other side's object, and with one that does not exist. The two
 * answers must be the same (or a refusal that names nothing); the other side's data never shows.
 */
describeEachDb('object level: across the boundary', (ctx) => {
  const actors: Actor[] = [];
  beforeAll(async () => {
    const admin = await signIn(ctx.app, 'admin');
    const place = async (name: string, type: 'OFFICE' | 'DELIVERY' | 'MARKETPLACE') =>
      (await createPlace(ctx.app, { name, type, doors: 3, sizes: ['S'] })).placeId;
    const [o1, o2, d1, d2, m1, m2] = [
      await place('Escritório 1', 'OFFICE'),
      await place('Escritório 2', 'OFFICE'),
      await place('Parede 1', 'DELIVERY'),
      await place('Parede 2', 'DELIVERY'),
      await place('Cais 1', 'MARKETPLACE'),
      await place('Cais 2', 'MARKETPLACE'),
    ];
    const storeA = await signIn(ctx.app, 'store', { company: 'Loja A' });
    const storeB = await signIn(ctx.app, 'store', { company: 'Loja B' });
    // Another store's employee: store A reads, edits, enables or deletes none of them.
    const employeeB = await signIn(ctx.app, 'store', { company: 'Loja B' });
    const courier1 = await signIn(ctx.app, 'courier');
    const courier2 = await signIn(ctx.app, 'courier');
    // Company B's parcel, deposited by courier 2 at wall 2: what everyone else must not reach.
    const orderB = await createOrder(ctx.app, storeB.token, {
      recipientPhone: SECRET_PHONE,
      recipientName: SECRET_NAME,
    });
    const opened = await callApi(ctx.app, courier2.token, API.orders.assignLocker, {
      query: { locationId: d2, size: 'S', packageId: orderB.packageId },
    });
    expect(opened.status).toBe(200);
    const stored = await callApi(ctx.app, courier2.token, API.orders.storePackage, {
      query: { packageId: orderB.packageId },
    });
    expect(stored.status).toBe(200);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, d2, stored.body.Data.assignedLocker!.doorNumber);
    await waitForState(ctx.app, admin.token, orderB.id, 4);
    // A rental at marketplace 2 and a webhook of company B's key.
    const locker = await ctx.app.db
      .selectFrom('lockers')
      .select(['id', 'door_number'])
      .where('place_id', '=', m2)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const rental = await ctx.app.db
      .insertInto('rentals')
      .values({
        place_id: m2,
        locker_id: locker.id,
        door_number: locker.door_number,
        size: 'S',
        status: 'active',
        phone: SECRET_PHONE,
        method: null,
        pending_until: at,
        started_at: at,
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        safe_until: null,
        ended_at: null,
        screen_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const keyA = await createApiKey(ctx.app, admin.token, ALL_SCOPES, { companyId: 'Loja A' });
    const keyB = await createApiKey(ctx.app, admin.token, ALL_SCOPES, { companyId: 'Loja B' });
    const hook = await ctx.app.db
      .insertInto('webhook_endpoints')
      .values({
        api_key_id: keyB.id,
        url: 'https://b.example.com/hook',
        events: '["order.stored"]',
        secret: 'whsec_b',
        failing_since: null,
        disabled_at: null,
        created_at: at,
        created_by_name: 'Loja B',
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const order = { order: [orderB.id], packageId: [orderB.packageId] };
    actors.push(
      {
        name: 'store A',
        token: storeA.token,
        role: 'store',
        foreign: { ...order, company: ['Loja B'], employee: [employeeB.id] },
      },
      { name: 'courier 1', token: courier1.token, role: 'courier', foreign: order },
      { name: 'key A', token: keyA.key, scopes: ALL_SCOPES, foreign: { ...order, webhook: [hook.id] } },
    );
    // A screen at each place: every other place is beyond it, and so is another place's rental.
    const places = [o1, o2, d1, d2, m1, m2];
    for (const p of places) {
      const screen = await signIn(ctx.app, 'screen');
      await bindScreen(ctx.app, screen.id, p);
      actors.push({
        name: `screen of place ${p}`,
        token: screen.token,
        role: 'screen',
        foreign: { place: places.filter((q) => q !== p), ...(p === m2 ? {} : { rental: [rental.id] }) },
      });
    }
  });

  /** Status, code and readable content of an answer: an envelope's Data, or a file's text. */
  const answerOf = async (token: string, req: ReturnType<typeof requestFor>) => {
    const raw = await ctx.app.inject({ ...req, headers: { authorization: `Bearer ${token}` } });
    if (!String(raw.headers['content-type'] ?? '').includes('application/json'))
      return { status: raw.statusCode, code: 'file', text: raw.body };
    const body = raw.json() as { Description: string; Data?: unknown };
    return { status: raw.statusCode, code: body.Description, text: JSON.stringify(body.Data ?? null) };
  };

  it('refuses every object of the other side, on every route that names one', async () => {
    const routes = apiRoutes(ctx.app.routeTable).filter((r) => r.url !== API.auth.logout.path);
    const failures: string[] = [];
    const covered = new Set<string>();
    let pairs = 0;
    let judged = 0;
    for (const route of routes) {
      const { fields, base } = objectFields(route);
      for (const actor of actors.filter((a) => allowed(a, route)))
        for (const field of fields)
          for (const value of actor.foreign[field.kind] ?? []) {
            const send = (v: string | number) => answerOf(actor.token, requestFor(route, base, field, v));
            const none = await send(nowhere(field.kind));
            const theirs = await send(value);
            pairs++;
            covered.add(`${route.method} ${route.url}`);
            const what = `${actor.name} ${route.method} ${route.url} ${field.where}.${field.name}=${value}`;
            const answer = (r: typeof none) => `${r.status} ${r.code}`;
            // A pair the server judged on the object, not refused for some other field of the sample.
            if (none.code !== 'invalidInput') judged++;
            if (theirs.status >= 500) failures.push(`${what}: ${answer(theirs)}`);
            else if (theirs.text.match(`${SECRET_PHONE}|${SECRET_NAME}`))
              failures.push(`${what}: shows the other side's data`);
            else if (answer(theirs) !== answer(none) && !NEUTRAL.has(theirs.code))
              failures.push(`${what}: ${answer(theirs)}, but ${answer(none)} for nothing`);
            else if (theirs.status < 300 && none.status >= 300)
              failures.push(`${what}: accepted the other side's object`);
          }
    }
    expect(failures).toEqual([]);
    expect(covered.size).toBeGreaterThan(30);
    // Store accounts by id: another store's employee is beyond store A on every route that names one.
    expect([...covered]).toEqual(
      expect.arrayContaining([
        'GET /api/admin/employees/:id',
        'PUT /api/admin/employees/:id',
        'POST /api/admin/employees/:id/enabled',
        'DELETE /api/admin/employees/:id',
      ]),
    );
    expect(judged).toBeGreaterThan(pairs / 2);
    console.info(
      `object level: ${covered.size} routes, ${actors.length} callers, ${pairs} cross-boundary pairs ` +
        `(${pairs * 2} calls; ${judged} judged on the object)`,
    );
  }, 120_000);
});
