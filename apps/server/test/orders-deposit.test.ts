import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';
import { closeDoor, createOrder, depositOrder, orderById, waitForState } from './helpers/order-fixtures.js';

describeEachDb('delivery orders: lockers, deposit and pickup', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 12, sizes: ['S', 'M', 'L'] }));
  });
  const get = <E extends Endpoint>(endpoint: E, input: CallInput<E>, token = admin.token) =>
    callApi(ctx.app, token, endpoint, input);
  const post = <E extends Endpoint>(endpoint: E, input: CallInput<E>, token = admin.token) =>
    callApi(ctx.app, token, endpoint, input);

  it('assigns a locker, lists delivery places with available counts, changes and refuses bad sizes', async () => {
    const places = await get(API.orders.deliveryPlaces, {});
    const mine = places.body.Data.find((p) => p.id === placeId)!;
    expect(mine.availableLockers).toMatchObject({ XS: 0 });
    const o = await createOrder(ctx.app, admin.token);
    const noSize = await get(API.orders.assignLocker, {
      query: { locationId: placeId, packageId: o.packageId },
    });
    expect(noSize.status).toBe(400);
    expect(noSize.body.Description).toBe('selectSize');
    const xs = await get(API.orders.assignLocker, {
      query: { locationId: placeId, size: 'XS', packageId: o.packageId },
    });
    expect(xs.status).toBe(409);
    expect(xs.body.Description).toBe('No locker avaliable');
    const a = await get(API.orders.assignLocker, {
      query: { locationId: placeId, size: 'm', packageId: o.packageId },
    });
    expect(a.body.Data).toMatchObject({ state: 2, assignedLocker: { size: 'M', locationId: placeId } });
    const after = (await get(API.orders.deliveryPlaces, { query: { locationId: placeId } })).body.Data[0]!;
    expect(after.availableLockers.M).toBe(mine.availableLockers.M - 1);
    const b = await get(API.orders.assignLocker, {
      query: { locationId: placeId, size: 'M', packageId: o.packageId },
    });
    expect(b.body.Data.assignedLocker!.id).not.toBe(a.body.Data.assignedLocker!.id);
    const again = (await get(API.orders.deliveryPlaces, { query: { locationId: placeId } })).body.Data[0]!;
    expect(again.availableLockers.M).toBe(mine.availableLockers.M - 1);
    // This admin never set a PIN: it is told so, not "wrong PIN".
    const rel = await post(API.orders.releaseLocker, { body: { orderId: o.id, pin: '0000' } });
    expect(rel.status).toBe(422);
    expect(rel.body.Description).toBe('pinNotSet');
  });

  it('deposits: door opens (3), closing stores it (4) with a pickup SMS; kiosk PIN pickup delivers (7)', async () => {
    const stored = await depositOrder(ctx.app, admin.token, placeId);
    expect(stored.storedAt).toBeTruthy();
    const sms = await ctx.app.db
      .selectFrom('messages')
      .selectAll()
      .where('order_id', '=', stored.id)
      .execute();
    expect(sms).toHaveLength(1);
    // No SMS provider in this test app: the message says so instead of waiting forever.
    expect(sms[0]).toMatchObject({
      recipient: stored.recipientPhone,
      channel: 'sms',
      event: 'pickupCode',
      status: 'noProvider',
    });
    const pin = /levantamento: (\d{6})/.exec(sms[0]!.body)![1]!;
    const locker = await ctx.app.db
      .selectFrom('lockers')
      .select(['status', 'expiration_date_time'])
      .where('id', '=', stored.assignedLocker!.id)
      .executeTakeFirstOrThrow();
    expect(locker.status).toBe(4);
    // The pickup window of the location type (the built-in default: 72 h) is the locker's expiry too.
    const hours = (Date.parse(locker.expiration_date_time!) - Date.parse(stored.storedAt!)) / 3_600_000;
    expect(hours).toBe(72);
    expect(stored.expiresAt).toBe(locker.expiration_date_time);

    const grid = await get(API.locations.lockers, { params: { id: placeId } });
    expect(
      grid.body.Data.Lockers.find((l) => l.id === stored.assignedLocker!.id)!.activeDelivery,
    ).toMatchObject({
      deliveryType: 1,
      storedAt: stored.storedAt,
      orderId: stored.id,
    });
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, placeId);
    const wrong = await post(
      API.orders.kioskPickup,
      { body: { placeId, pin: pin === '000000' ? '000001' : '000000' } },
      screen.token,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.Description).toBe('wrongPin');
    const adminTry = await post(API.orders.kioskPickup, { body: { placeId, pin } }, admin.token);
    expect(adminTry.status).toBe(403);
    const ok = await post(API.orders.kioskPickup, { body: { placeId, pin } }, screen.token);
    expect(ok.body.Data).toMatchObject({ state: 5, doorNumber: stored.assignedLocker!.doorNumber });
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, stored.assignedLocker!.doorNumber);
    const done = await waitForState(ctx.app, admin.token, stored.id, 7);
    expect(done.pickUpAt).toBeTruthy();
    expect(done.logs!.map((l) => l.actionId)).toEqual([1, 2, 3, 4, 5, 7]);
    const freed = await ctx.app.db
      .selectFrom('lockers')
      .select(['status', 'expiration_date_time'])
      .where('id', '=', stored.assignedLocker!.id)
      .executeTakeFirstOrThrow();
    expect(freed).toMatchObject({ status: 0, expiration_date_time: null });
    const used = await post(API.orders.kioskPickup, { body: { placeId, pin } }, screen.token);
    expect(used.body.Description).toBe('wrongPin');
    const other = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
    await bindScreen(ctx.app, screen.id, other.placeId);
    const elsewhere = await post(API.orders.kioskPickup, { body: { placeId, pin } }, screen.token);
    expect(elsewhere.status).toBe(403);
  });

  it('holds a screen back briefly once it passes ten wrong pickup codes (docs/adr/0130)', async () => {
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, placeId);
    for (let i = 0; i < 11; i++) {
      const r = await post(
        API.orders.kioskPickup,
        { body: { placeId, pin: String(100000 + i) } },
        screen.token,
      );
      expect(r.body.Description).toBe('wrongPin');
    }
    const blocked = await post(API.orders.kioskPickup, { body: { placeId, pin: '999999' } }, screen.token);
    expect(blocked.status).toBe(429);
    expect(blocked.body.Description).toBe('tooManyAttempts');
    expect((blocked.body.Data as unknown as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(5);
    const badShape = await post(API.orders.kioskPickup, { body: { placeId, pin: '12' } }, screen.token);
    expect(badShape.status).toBe(400);
  });

  it('a door that fails to open leaves the order as it was', async () => {
    const o = await createOrder(ctx.app, admin.token);
    const a = await get(API.orders.assignLocker, {
      query: { locationId: placeId, size: 'L', packageId: o.packageId },
    });
    const door = a.body.Data.assignedLocker!.doorNumber;
    const sim = ctx.app.devices.simulator!.simulator(placeId)!;
    sim.setFault('jam', door);
    const res = await get(API.orders.storePackage, { query: { packageId: o.packageId } });
    sim.clearFault('jam', door);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ Description: 'doorJammed', Data: { outcome: 'jammed' } });
    const after = await orderById(ctx.app, admin.token, o.id);
    expect(after.state).toBe(2);
    // The attempt stays in the history: the state unchanged, the outcome saying why.
    expect(after.logs!.map((l) => l.actionId)).toEqual([1, 2, 2]);
    expect(after.logs!.at(-1)).toMatchObject({
      action: 'openForDeposit',
      fromState: 2,
      state: 2,
      description: 'jammed',
    });
  });

  it('a device layer that throws leaves the order as it was too', async () => {
    const o = await createOrder(ctx.app, admin.token);
    await get(API.orders.assignLocker, { query: { locationId: placeId, size: 'S', packageId: o.packageId } });
    const original = ctx.app.doors.open.bind(ctx.app.doors);
    ctx.app.doors.open = () => Promise.reject(new Error('driver exploded'));
    try {
      const res = await get(API.orders.storePackage, { query: { packageId: o.packageId } });
      expect(res.status).toBe(503);
      expect(res.body.Description).toBe('deviceUnavailable');
    } finally {
      ctx.app.doors.open = original;
    }
    expect((await orderById(ctx.app, admin.token, o.id)).state).toBe(2);
  });
});

describeEachDb('locker assignment race', (ctx) => {
  it('50 parallel assignments for 5 free lockers: exactly 5 win, no locker twice', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, {
      type: 'DELIVERY',
      doors: 8,
      sizes: ['S', 'S', 'S', 'S', 'S', 'L', 'L', 'L'],
    });
    const orders = await Promise.all(Array.from({ length: 50 }, () => createOrder(ctx.app, admin.token)));
    const replies = await Promise.all(
      orders.map((o) =>
        callApi(ctx.app, admin.token, API.orders.assignLocker, {
          query: { locationId: placeId, size: 'S', packageId: o.packageId },
        }),
      ),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(won).toHaveLength(5);
    expect(replies.filter((r) => r.body.Description === 'No locker avaliable')).toHaveLength(45);
    const lockerIds = won.map((r) => r.body.Data.assignedLocker!.id);
    expect(new Set(lockerIds).size).toBe(5);
    const held = await ctx.app.db
      .selectFrom('orders')
      .select('locker_id')
      .where('locker_id', 'is not', null)
      .execute();
    expect(held).toHaveLength(5);
  });

  it('one order assigned twice at once keeps one locker', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['M'] });
    const o = await createOrder(ctx.app, admin.token);
    await Promise.all(
      Array.from({ length: 6 }, () =>
        callApi(ctx.app, admin.token, API.orders.assignLocker, {
          query: { locationId: placeId, size: 'M', packageId: o.packageId },
        }),
      ),
    );
    const reserved = await ctx.app.db
      .selectFrom('lockers')
      .select('id')
      .where('place_id', '=', placeId)
      .where('status', '=', 1)
      .execute();
    expect(reserved).toHaveLength(1);
    const order = await orderById(ctx.app, admin.token, o.id);
    expect(order.assignedLocker!.id).toBe(reserved[0]!.id);
  });
});
