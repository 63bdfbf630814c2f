import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn } from '../helpers/test-app.js';
import { bindScreen, createPlace } from '../helpers/fixtures.js';
import { apiRoutes, sampleUrl } from './route-samples.js';
import type { RouteEntry } from '../../src/plugins/auth.js';

/** Does the route's body or query schema name a place (a field the kiosk could point elsewhere)? */
function namesPlace(route: RouteEntry): boolean {
  return [route.schemas?.body, route.schemas?.query].some((schema) => {
    if (!schema) return false;
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.hasOwn(json.properties ?? {}, 'placeId');
  });
}

/**
 * Issue #20: a kiosk screen acts only on the place it is installed at. Every kiosk route (taken
 * from the server's route table, so a new one is covered) refuses an unbound screen, and refuses a
 * bound one that names any other place; a screen at one kind of place cannot use another kind's kiosk.
 */
describeEachDb('kiosk confinement', (ctx) => {
  let kioskRoutes: RouteEntry[];
  let office: number;
  let otherOffice: number;
  let delivery: number;
  let market: number;
  beforeAll(async () => {
    kioskRoutes = apiRoutes(ctx.app.routeTable).filter((r) => r.permission === 'kiosk.use');
    office = (await createPlace(ctx.app, { name: 'Sede K', doors: 2 })).placeId;
    otherOffice = (await createPlace(ctx.app, { name: 'Anexo K', doors: 2 })).placeId;
    delivery = (await createPlace(ctx.app, { name: 'Parede K', type: 'DELIVERY', doors: 2 })).placeId;
    market = (await createPlace(ctx.app, { name: 'Cais K', type: 'MARKETPLACE', doors: 2 })).placeId;
  });
  const hit = (token: string, r: RouteEntry, payload: Record<string, unknown> = {}) =>
    call(ctx.app, token, {
      method: r.method as 'GET',
      url: sampleUrl(r.url) + (r.method === 'GET' && payload.placeId ? `?placeId=${payload.placeId}` : ''),
      ...(r.method === 'GET' ? {} : { payload }),
    });

  it('an unbound screen can do nothing at any kiosk route', async () => {
    expect(kioskRoutes.length).toBeGreaterThan(15);
    const screen = await signIn(ctx.app, 'screen');
    const failures: string[] = [];
    for (const r of kioskRoutes) {
      const res = await hit(screen.token, r, { placeId: office });
      if (res.status !== 403 || res.body.Description !== 'kioskNotBound')
        failures.push(`${r.method} ${r.url}: ${res.status} ${res.body.Description}`);
    }
    expect(failures).toEqual([]);
  });

  it('a bound screen that names another place is refused before anything runs', async () => {
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, office);
    const naming = kioskRoutes.filter(namesPlace);
    expect(naming.map((r) => r.url)).toEqual(
      expect.arrayContaining([API.office.kioskOpen.path, API.orders.kioskPickup.path]),
    );
    for (const r of naming)
      for (const placeId of [otherOffice, delivery, 999999]) {
        const res = await hit(screen.token, r, { placeId });
        expect([r.url, res.status, res.body.Description]).toEqual([r.url, 403, 'forbidden']);
      }
    // At its own place, the same call reaches the service (an unknown card is denied there).
    const here = await callApi(ctx.app, screen.token, API.office.kioskOpen, {
      body: { placeId: office, card: 'AB12' },
    });
    expect([here.status, here.body.Description]).toEqual([403, 'accessDenied']);
  });

  it("a screen at one kind of place cannot use another kind's kiosk, even naming no place", async () => {
    // The demo's attack: a marketplace screen opening an office locker and picking up a parcel.
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, market);
    const refused = async <E extends Endpoint>(endpoint: E, input: CallInput<E>) => {
      const res = await callApi(ctx.app, screen.token, endpoint, input);
      return [endpoint.path, res.status, res.body.Description];
    };
    expect(await refused(API.office.kioskOpen, { body: { card: 'AB12' } })).toEqual([
      API.office.kioskOpen.path,
      403,
      'kioskNotBound',
    ]);
    expect(await refused(API.office.kioskOpen, { body: { placeId: office, card: 'AB12' } })).toEqual([
      API.office.kioskOpen.path,
      403,
      'forbidden',
    ]);
    expect(await refused(API.orders.kioskPickup, { body: { pin: '123456' } })).toEqual([
      API.orders.kioskPickup.path,
      403,
      'kioskNotBound',
    ]);
    expect(await refused(API.kiosk.courier, { body: { courierCode: '1234' } })).toEqual([
      API.kiosk.courier.path,
      403,
      'kioskNotBound',
    ]);
    expect(await refused(API.carrierKiosk.parcels, { body: { accessCode: '12345678' } })).toEqual([
      API.carrierKiosk.parcels.path,
      403,
      'kioskNotBound',
    ]);
    // An office screen has no marketplace, and a delivery wall's screen no office.
    const wall = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, wall.id, delivery);
    const open = await callApi(ctx.app, wall.token, API.office.kioskOpen, { body: { card: 'AB12' } });
    expect([open.status, open.body.Description]).toEqual([403, 'kioskNotBound']);
    const rent = await callApi(ctx.app, wall.token, API.rentals.catalog, {});
    expect([rent.status, rent.body.Description]).toEqual([403, 'kioskNotBound']);
  });
});
