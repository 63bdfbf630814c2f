import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API,
  isLockerAvailable,
  isLockerInUse,
  lockerHolders,
  tileInput,
  type CallInput,
  type Endpoint,
} from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { seedDemo } from '../src/seed/demo.js';
import { lockerAvailabilityRepository } from '../src/modules/lockers/locker-availability.repository.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { createAsset } from './helpers/asset-fixtures.js';

const get = async <E extends Endpoint>(
  app: FastifyInstance,
  token: string,
  endpoint: E,
  input: CallInput<E>,
) => {
  const r = await callApi(app, token, endpoint, input);
  if (r.status !== 200) throw new Error(`${endpoint.id}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.Data;
};

/**
 * Every screen that counts lockers must give the same numbers, and the server's SQL rule (picking and
 * counting) must call the same lockers available as the contract's tile rule over the views
 * (docs/adr/0070). Checked on the whole demo site and on a place built to hold one of each holder.
 */
async function expectOneMeaning(app: FastifyInstance, token: string) {
  const { places } = await get(app, token, API.locations.list, { query: { type: 'ALL', max_results: 500 } });
  expect(places.length).toBeGreaterThan(0);
  const totals = { OFFICE: { available: 0, occupied: 0 }, DELIVERY: { available: 0 } };
  for (const place of places) {
    const grid = await get(app, token, API.locations.lockers, { params: { id: place.id } });
    const views = grid.Lockers;
    // The list of places (SQL), the grid header and the tiles (contract rule) agree.
    const tiles = {
      available: views.filter((l) => isLockerAvailable(tileInput(l))).length,
      occupied: views.filter((l) => isLockerInUse(tileInput(l))).length,
    };
    expect({ place: place.name, ...grid.Place }).toEqual({ place: place.name, ...place });
    expect({ place: place.name, available: place.available, occupied: place.occupied }).toEqual({
      place: place.name,
      ...tiles,
    });
    // Per locker: the SQL picks exactly the lockers the tiles call available, and names the same holders.
    const free = await lockerAvailabilityRepository.free(app.db, { placeId: place.id, limit: 10_000 });
    expect(free.map((l) => l.id).sort()).toEqual(
      views
        .filter((l) => isLockerAvailable(tileInput(l)))
        .map((l) => l.id)
        .sort(),
    );
    const holders = await lockerAvailabilityRepository.holdersOf(
      app.db,
      views.map((l) => l.id),
    );
    for (const l of views)
      expect([l.doorNumber, holders.get(l.id)]).toEqual([l.doorNumber, lockerHolders(tileInput(l))]);
    if (place.type === 'OFFICE') {
      totals.OFFICE.available += place.available;
      totals.OFFICE.occupied += place.occupied;
    }
    if (place.type === 'DELIVERY') totals.DELIVERY.available += place.available;
  }
  // The office dashboard and the deposit dialog count with the same rule.
  const office = await get(app, token, API.office.dashboard, {});
  expect({ free: office.lockers.free, inUse: office.lockers.inUse }).toEqual({
    free: totals.OFFICE.available,
    inUse: totals.OFFICE.occupied,
  });
  const delivery = await get(app, token, API.orders.deliveryPlaces, {});
  const depositable = delivery.reduce(
    (n, p) => n + Object.values(p.availableLockers).reduce((a, b) => a + b, 0),
    0,
  );
  expect(depositable).toBe(totals.DELIVERY.available);
  return places;
}

describeEachDb('one availability rule: the demo site', (ctx) => {
  it('counts the same on Home, the location list, every grid, the office dashboard and the deposit dialog', async () => {
    await seedDemo(ctx.app.db, ctx.config);
    const a = await signIn(ctx.app, 'admin');
    const places = await expectOneMeaning(ctx.app, a.token);
    // The demo gives no locker two kinds of holder (it shows only states the product can create).
    const views = (
      await Promise.all(
        places.map((p) => get(ctx.app, a.token, API.locations.lockers, { params: { id: p.id } })),
      )
    ).flatMap((g) => g.Lockers);
    expect(views.filter((l) => lockerHolders(tileInput(l)).length > 1).map((l) => l.id)).toEqual([]);
    expect(views.some((l) => isLockerAvailable(tileInput(l)))).toBe(true);
  });
});

describeEachDb('one availability rule: a place with one of each holder', (ctx) => {
  it('counts and picks only the free locker, refuses the held ones naming what holds them', async () => {
    const a = await signIn(ctx.app, 'admin');
    const { placeId, lockers } = await createPlace(ctx.app, { name: 'Holders', doors: 8, sizes: ['M'] });
    const id = (door: number) => lockers[door - 1]!.id;
    const now = nowIso();
    const db = ctx.app.db;
    // Door 1 a user, 2 a group, 3 an asset, 4 a rental, 5 a parcel, 6 open, 7 disabled, 8 free.
    const user = await db
      .insertInto('locker_users')
      .values({ name: 'Rita Holder', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_lockers')
      .values({ user_id: user.id, locker_id: id(1), created_at: now })
      .execute();
    const group = await db
      .insertInto('user_groups')
      .values({ name: 'Partilha', description: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_group_lockers')
      .values({ group_id: group.id, locker_id: id(2) })
      .execute();
    const kept = await createAsset(ctx.app, a.token, { name: 'Guardado' });
    await db
      .insertInto('asset_lockers')
      .values({ asset_id: kept.id, locker_id: id(3), created_at: now })
      .execute();
    await db
      .insertInto('rentals')
      .values({
        place_id: placeId,
        locker_id: id(4),
        door_number: 4,
        size: 'M',
        status: 'pending',
        pending_until: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('orders')
      .values({
        package_id: 'SGPTHOLDER1',
        recipient_name: 'X',
        recipient_email: '',
        recipient_phone: '912345678',
        recipient_number: 'PRT1',
        state: 2,
        created_by_name: 'test',
        locker_id: id(5),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.updateTable('lockers').set({ door_status: 0 }).where('id', '=', id(6)).execute();
    await db.updateTable('lockers').set({ enabled: 0 }).where('id', '=', id(7)).execute();

    const grid = await get(ctx.app, a.token, API.locations.lockers, { params: { id: placeId } });
    expect(grid.Place).toMatchObject({ lockers: 8, available: 1, occupied: 5, open: 1, disabled: 1 });
    expect(grid.Lockers.map((l) => lockerHolders(tileInput(l)))).toEqual([
      ['users'],
      ['groups'],
      ['asset'],
      ['rental'],
      ['delivery'],
      [],
      [],
      [],
    ]);
    await expectOneMeaning(ctx.app, a.token);

    // Giving a held locker to an office user is refused, naming the door and its holder.
    const refused = await callApi(ctx.app, a.token, API.office.addLockers, {
      body: { userId: user.id, lockerIds: [id(3)] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.Description).toBe('lockerNotAvailable');
    expect(refused.body.Data).toMatchObject({ doors: [3], lockers: [{ holders: ['asset'] }] });
    expect(
      await db.selectFrom('user_lockers').select('locker_id').where('user_id', '=', user.id).execute(),
    ).toEqual([{ locker_id: id(1) }]);

    // "Any free locker" for an asset opens door 8, the only available one; then there is none.
    const asset = await createAsset(ctx.app, a.token, { name: 'Novo' });
    const stored = await callApi(ctx.app, a.token, API.assets.openForStorage, {
      query: { assetId: asset.id, placeId },
    });
    expect([stored.status, stored.body.Data.doorNumber]).toEqual([200, 8]);
    const other = await createAsset(ctx.app, a.token, { name: 'Outro' });
    const none = await callApi(ctx.app, a.token, API.assets.openForStorage, {
      query: { assetId: other.id, placeId },
    });
    expect([none.status, none.body.Description]).toEqual([409, 'No locker avaliable']);

    // Removing doors that someone holds names them.
    const edit = await callApi(ctx.app, a.token, API.locations.update, {
      params: { id: placeId },
      body: {
        updatedAt: await versionOf(ctx.app, 'places', placeId),
        name: 'Holders',
        type: 'OFFICE',
        lockers: [6, 7].map((doorNumber) => ({ doorNumber, size: 'M' })),
      },
    });
    // A failure's Data: the doors held, not the place the entry answers on success.
    const held = edit.body.Data as unknown as { doors: number[] };
    expect([edit.status, edit.body.Description, held.doors]).toEqual([
      422,
      'lockersInUse',
      [1, 2, 3, 4, 5, 8],
    ]);
  });
});
