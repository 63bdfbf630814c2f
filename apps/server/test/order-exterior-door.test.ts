import { beforeAll, expect, it } from 'vitest';
import { API, type Order, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace, waitFor } from './helpers/fixtures.js';
import { closeDoor, createOrder, lastPickupCode, waitForState } from './helpers/order-fixtures.js';

/** Order states 16 and 17 (docs/adr/0033): a place whose lockers stand behind an exterior door. */
describeEachDb('exterior door: order states 16 and 17', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  const sim = () => ctx.app.devices.simulator!.simulator(placeId)!;
  const get = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, admin.token, endpoint, input);
  const exteriorEvents = () =>
    ctx.app.db
      .selectFrom('exterior_door_events')
      .select(['door_status', 'purpose', 'commanded', 'admin_id'])
      .where('place_id', '=', placeId)
      .orderBy('id')
      .execute();
  const logsOf = async (packageId: string) =>
    (await get(API.orders.logs, { query: { packageId } })).body.Data.logs;
  const assign = async (order: Order, at = placeId) => {
    const res = await get(API.orders.assignLocker, {
      query: { locationId: at, size: 'S', packageId: order.packageId },
    });
    expect(res.status).toBe(200);
    return res.body.Data.assignedLocker!.doorNumber;
  };

  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    // Made through the location API, as an operator would: the exterior door is its setting.
    const created = await callApi(ctx.app, admin.token, API.locations.create, {
      body: {
        name: `Parede exterior ${ctx.dialect}`,
        type: 'DELIVERY',
        exteriorDoor: true,
        lockers: [1, 2, 3].map((doorNumber) => ({ doorNumber, size: 'S' })),
      },
    });
    expect(created.status).toBe(200);
    const view = created.body.Data.Place;
    expect(view.exteriorDoor).toBe(true);
    placeId = view.id;
  });

  it('a deposit opens the exterior door first (16), a kiosk pickup too (17); the locker door ends each', async () => {
    const order = await createOrder(ctx.app, admin.token);
    const door = await assign(order);
    const opened = await get(API.orders.storePackage, { query: { packageId: order.packageId } });
    expect(opened.status).toBe(200);
    expect(opened.body.Data.state).toBe(16);
    await ctx.app.devices.events.drain();
    await ctx.app.bus.idle();
    // The exterior door opened for a deposit, at the admin's command.
    await waitFor(async () => (await exteriorEvents()).some((e) => e.door_status === 0));
    expect((await exteriorEvents()).find((e) => e.door_status === 0)).toMatchObject({
      purpose: 'deposit',
      commanded: 1,
      admin_id: admin.id,
    });
    // Closing the exterior door changes nothing; the locker door closing stores the package.
    sim().closeByHand('exterior');
    await ctx.app.devices.events.drain();
    expect((await get(API.orders.order, { query: { id: order.id } })).body.Data.state).toBe(16);
    closeDoor(ctx.app, placeId, door);
    await waitForState(ctx.app, admin.token, order.id, 4);

    const { pin } = await lastPickupCode(ctx.app, order.id);
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, placeId);
    const picked = await callApi(ctx.app, screen.token, API.orders.kioskPickup, { body: { pin } });
    expect(picked.status).toBe(200);
    expect(picked.body.Data.parcels[0]!.state).toBe(17);
    await ctx.app.devices.events.drain();
    await waitFor(async () => (await exteriorEvents()).filter((e) => e.door_status === 0).length === 2);
    expect((await exteriorEvents()).filter((e) => e.door_status === 0).map((e) => e.purpose)).toEqual([
      'deposit',
      'pickup',
    ]);
    sim().closeByHand('exterior');
    closeDoor(ctx.app, placeId, door);
    await waitForState(ctx.app, admin.token, order.id, 7);
    const trail = (await logsOf(order.packageId)).map((l) => [l.action, l.fromState, l.state]);
    expect(trail).toEqual(
      expect.arrayContaining([
        ['openExteriorForDeposit', 2, 16],
        ['depositClosed', 16, 4],
        ['openExteriorForPickup', 4, 17],
        ['pickupClosed', 17, 7],
      ]),
    );
  });

  it('an exterior door that does not open leaves the order as it was and its locker shut', async () => {
    const order = await createOrder(ctx.app, admin.token);
    const door = await assign(order);
    sim().setFault('jam', 'exterior');
    try {
      const refused = await get(API.orders.storePackage, { query: { packageId: order.packageId } });
      expect(refused.status).toBe(409);
      expect(refused.body.Description).toBe('doorJammed');
    } finally {
      sim().clearFault(undefined, 'exterior');
      sim().closeByHand('exterior');
    }
    expect((await get(API.orders.order, { query: { id: order.id } })).body.Data.state).toBe(2);
    // The locker door was never tried: the courier could not have reached it.
    const state = (await ctx.app.devices.driver.readStates(placeId))[0]!;
    expect(state.doors.find((d) => d.doorNumber === door)!.open).toBe(false);
    const last = (await logsOf(order.packageId)).find((l) => l.action === 'openExteriorForDeposit');
    expect(last).toMatchObject({ fromState: 2, state: 2, description: 'jammed' });
  });

  it('a place without an exterior door deposits as before (3), though its controller has one', async () => {
    const plain = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2, sizes: ['S'] });
    const order = await createOrder(ctx.app, admin.token);
    const door = await assign(order, plain.placeId);
    const opened = await get(API.orders.storePackage, { query: { packageId: order.packageId } });
    expect(opened.body.Data.state).toBe(3);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, plain.placeId, door);
    await waitForState(ctx.app, admin.token, order.id, 4);
    const places = await get(API.locations.list, { query: { type: 'DELIVERY', max_results: 100 } });
    const byId = new Map(places.body.Data.places.map((p) => [p.id, p.exteriorDoor]));
    expect([byId.get(plain.placeId), byId.get(placeId)]).toEqual([false, true]);
  });
});
