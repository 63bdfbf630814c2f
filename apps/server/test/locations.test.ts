import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type PlaceView, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn, call } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';

const get = <E extends Endpoint>(app: FastifyInstance, token: string, endpoint: E, input: CallInput<E>) =>
  callApi(app, token, endpoint, input);

describeEachDb('locations and lockers', (ctx) => {
  it('lists places by type with live counts, paged', async () => {
    const a = await signIn(ctx.app, 'admin');
    const office = await createPlace(ctx.app, { name: 'Alfa Office', doors: 4 });
    await createPlace(ctx.app, { name: 'Beta Delivery', type: 'DELIVERY', doors: 3 });
    await ctx.app.db
      .updateTable('lockers')
      .set({ status: 2 })
      .where('id', '=', office.lockers[0]!.id)
      .execute();
    const r = await get(ctx.app, a.token, API.locations.list, { query: { max_results: 50 } });
    expect(r.status).toBe(200);
    expect(r.body.Data.places.every((p) => p.type === 'OFFICE')).toBe(true);
    expect(r.body.Data.places.find((p) => p.name === 'Alfa Office')).toMatchObject({
      lockers: 4,
      occupied: 1,
      available: 3,
      open: 0,
      alerts: 0,
    });
    const all = await get(ctx.app, a.token, API.locations.list, { query: { type: 'ALL', max_results: 1 } });
    expect(all.body.Data.places).toHaveLength(1);
    expect(all.body.Data.totalPlaces).toBeGreaterThanOrEqual(2);
    // A type that does not exist: the typed query cannot hold it.
    expect(
      (await call(ctx.app, a.token, { method: 'GET', url: `${API.locations.list.path}?type=NOPE` })).status,
    ).toBe(400);
    expect((await get(ctx.app, a.token, API.locations.list, { query: { max_results: '0' } })).status).toBe(
      400,
    );
  });

  it('counts a place the same on its grid as in the list of places', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { name: 'Contagem', doors: 8 });
    // One locker per counted case: occupied, open, each alert status, offline, disabled.
    const cases: Array<Record<string, number>> = [
      { status: 2 },
      { door_status: 0 },
      { door_status: 1 },
      { door_status: 3 },
      { door_status: 11 },
      { door_status: 255 },
      { enabled: 0, status: 1 },
    ];
    for (const [i, set] of cases.entries())
      await ctx.app.db.updateTable('lockers').set(set).where('id', '=', p.lockers[i]!.id).execute();
    const list = await get(ctx.app, a.token, API.locations.list, { query: { search: 'Contagem' } });
    const grid = await get(ctx.app, a.token, API.locations.lockers, { params: { id: p.placeId } });
    const expected = { lockers: 8, occupied: 2, open: 1, alerts: 3, offline: 1, disabled: 1 };
    expect(list.body.Data.places[0]).toMatchObject(expected);
    expect(grid.body.Data.Place).toMatchObject(expected);
    const counts = (v: PlaceView) => [
      v.lockers,
      v.available,
      v.occupied,
      v.open,
      v.alerts,
      v.offline,
      v.disabled,
    ];
    expect(counts(grid.body.Data.Place)).toEqual(counts(list.body.Data.places[0]!));
  });

  it('answers place details and its lockers, 404 for an unknown place', async () => {
    const a = await signIn(ctx.app, 'editor');
    const p = await createPlace(ctx.app, { name: 'Gama', doors: 3, sizes: ['XS', 'M'] });
    const d = await get(ctx.app, a.token, API.locations.details, { params: { id: p.placeId } });
    expect(d.body.Data.Place).toMatchObject({
      id: p.placeId,
      name: 'Gama',
      systemType: 'locker',
      mode: 'normal',
    });
    const l = await get(ctx.app, a.token, API.locations.lockers, { params: { id: p.placeId } });
    expect(l.body.Data.Lockers.map((x) => [x.doorNumber, x.size])).toEqual([
      [1, 'XS'],
      [2, 'M'],
      [3, 'XS'],
    ]);
    expect(l.body.Data.Lockers[0]).toMatchObject({
      status: 0,
      doorStatus: 2,
      enabled: 1,
      locker_users: [],
      activeDelivery: null,
    });
    expect(
      (await get(ctx.app, a.token, API.locations.details, { params: { id: 999999 } })).body.Description,
    ).toBe('notFound');
    expect((await get(ctx.app, a.token, API.locations.lockers, { params: { id: 'abc' } })).status).toBe(400);
  });

  it('keeps lockers away from roles without the permission', async () => {
    const c = await signIn(ctx.app, 'courier');
    expect((await get(ctx.app, c.token, API.locations.list, {})).status).toBe(403);
    const d = await signIn(ctx.app, 'dash');
    expect((await get(ctx.app, d.token, API.locations.list, {})).status).toBe(200);
    const p = await createPlace(ctx.app, { doors: 1 });
    expect(
      (await get(ctx.app, d.token, API.locations.openLocker, { params: { id: p.lockers[0]!.id } })).status,
    ).toBe(403);
  });

  it('creates and edits a location, refusing bad input and removing only free doors', async () => {
    const a = await signIn(ctx.app, 'admin');
    const body = {
      name: 'Nova Sede',
      type: 'OFFICE',
      address: 'Rua A',
      lockers: [1, 2, 3].map((n) => ({ doorNumber: n, size: 'M', accessibility: n === 1 })),
    };
    const bad = await callApi(ctx.app, a.token, API.locations.create, {
      body: {
        ...body,
        lockers: [
          { doorNumber: 1, size: 'XXL' },
          { doorNumber: 1, size: 'S' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Description).toBe('invalidInput');
    const before = await ctx.app.db
      .selectFrom('places')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const created = await callApi(ctx.app, a.token, API.locations.create, { body });
    expect(created.status).toBe(200);
    const id = created.body.Data.Place.id;
    expect(created.body.Data.Place).toMatchObject({ name: 'Nova Sede', lockers: 3 });
    const dup = await callApi(ctx.app, a.token, API.locations.create, { body });
    expect(dup.status).toBe(409);
    const after = await ctx.app.db
      .selectFrom('places')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect(ctx.app.devices.simulator!.simulator(id)?.doorNumbers).toEqual([1, 2, 3]);

    // Door 3 is in use: removing it is refused and nothing changes.
    await ctx.app.db
      .updateTable('lockers')
      .set({ status: 2 })
      .where('place_id', '=', id)
      .where('door_number', '=', 3)
      .execute();
    const refused = await callApi(ctx.app, a.token, API.locations.update, {
      params: { id },
      body: {
        updatedAt: await versionOf(ctx.app, 'places', id),
        ...body,
        lockers: body.lockers.slice(0, 1),
      },
    });
    expect([refused.status, refused.body.Description]).toEqual([422, 'lockersInUse']);
    expect(refused.body.Data).toEqual({ doors: [3], lockers: [{ doorNumber: 3, holders: [] }] });
    const edited = await callApi(ctx.app, a.token, API.locations.update, {
      params: { id },
      body: {
        updatedAt: await versionOf(ctx.app, 'places', id),
        ...body,
        name: 'Nova Sede 2',
        lockers: [
          { doorNumber: 1, size: 'L' },
          { doorNumber: 3, size: 'M' },
          { doorNumber: 4, size: 'XS' },
        ],
      },
    });
    expect(edited.status).toBe(200);
    const doors = await ctx.app.db
      .selectFrom('lockers')
      .select(['door_number', 'size'])
      .where('place_id', '=', id)
      .orderBy('door_number')
      .execute();
    expect(doors).toEqual([
      { door_number: 1, size: 'L' },
      { door_number: 3, size: 'M' },
      { door_number: 4, size: 'XS' },
    ]);
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select('action')
      .where('place_id', '=', id)
      .execute();
    expect(logs.map((l) => l.action).sort()).toEqual([904, 905]);
    const e = await signIn(ctx.app, 'security');
    expect(
      (await callApi(ctx.app, e.token, API.locations.create, { body: { ...body, name: 'X' } })).status,
    ).toBe(403);
  });
});
