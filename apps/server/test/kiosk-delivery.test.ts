import { beforeAll, expect, it } from 'vitest';
import { API, type Order, type CallInput, type Endpoint } from '@cacifo/contract';
import { hashSecret } from '../src/lib/secrets.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { closeDoor, createOrder, depositOrder, orderById, waitForState } from './helpers/order-fixtures.js';

/** The kiosk of a delivery wall (issue #23): what it offers, and a courier's deposit with their PIN. */
describeEachDb('kiosk of a delivery wall', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let screen: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  let courier: Awaited<ReturnType<typeof signIn>>;
  const courierPin = '3579';
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    screen = await signIn(ctx.app, 'screen');
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['S', 'M', 'L'] }));
    courier = await signIn(ctx.app, 'courier');
    const editor = await signIn(ctx.app, 'editor');
    // Seeded the way the first start seeds staff: the slow hash only (ADR 0004's legacy path).
    for (const [id, pin] of [
      [courier.id, courierPin],
      [editor.id, '1357'],
    ] as const)
      await ctx.app.db
        .updateTable('admins')
        .set({ pin_hash: await hashSecret(pin) })
        .where('id', '=', id)
        .execute();
  });
  const kiosk = <E extends Endpoint>(endpoint: E, input: CallInput<E>, token = screen.token) =>
    callApi(ctx.app, token, endpoint, input);

  it('a screen not installed anywhere is told so; installed at the wall, it offers pickup and deposit', async () => {
    const none = await kiosk(API.kiosk.screen, {});
    expect([none.status, none.body.Description]).toEqual([403, 'kioskNotBound']);
    await ctx.app.db
      .insertInto('kiosk_screens')
      .values({ admin_id: screen.id, place_id: placeId, created_at: new Date().toISOString() })
      .execute();
    const bound = await kiosk(API.kiosk.screen, {});
    expect(bound.body.Data).toMatchObject({
      placeId,
      placeType: 'DELIVERY',
      tasks: ['pickup', 'deposit', 'returns'],
    });
    // Staff are not kiosks.
    expect((await kiosk(API.kiosk.screen, {}, admin.token)).status).toBe(403);
  });

  it('knows the courier by their PIN; a wrong PIN or staff who do not deposit are refused', async () => {
    const ok = await kiosk(API.kiosk.courier, {
      body: {
        courierCode: courierPin,
      },
    });
    expect(ok.body.Data.courierName).toBe('Test courier');
    const wrong = await kiosk(API.kiosk.courier, { body: { courierCode: '0000' } });
    expect([wrong.status, wrong.body.Description]).toEqual([422, 'wrongPin']);
    const editor = await kiosk(API.kiosk.courier, { body: { courierCode: '1357' } });
    expect(editor.body.Description).toBe('wrongPin');
  });

  it('deposits as the courier: the door of a free locker here opens, closing it stores the parcel', async () => {
    const order = await createOrder(ctx.app, admin.token);
    const parcel = await kiosk(API.kiosk.parcel, {
      body: {
        courierCode: courierPin,
        packageId: order.packageId,
      },
    });
    expect(parcel.body.Data).toMatchObject({ packageId: order.packageId, recipientNumber: 'PRT123' });
    expect(parcel.body.Data.availableLockers.M).toBeGreaterThan(0);
    const opened = await kiosk(API.kiosk.deposit, {
      body: {
        courierCode: courierPin,
        packageId: order.packageId,
        size: 'm',
      },
    });
    expect(opened.status).toBe(200);
    expect(opened.body.Data).toMatchObject({ packageId: order.packageId, size: 'M', state: 3 });
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, opened.body.Data.doorNumber);
    const stored = await waitForState(ctx.app, admin.token, order.id, 4);
    expect(stored.assignedLocker).toMatchObject({ locationId: placeId, size: 'M' });
    const byCourier = stored.logs!.filter((l) => l.adminName === 'Test courier').map((l) => l.action);
    expect(byCourier).toEqual(['assignLocker', 'openForDeposit']);
    // The courier's own list has it; another courier's does not.
    const mine = await callApi(ctx.app, courier.token, API.orders.mine, { query: { max_results: 10 } });
    expect(mine.body.Data.deliveries.map((o) => o.packageId)).toEqual([order.packageId]);
    expect(mine.body.Data.totalDeliveries).toBe(1);
    const other = await signIn(ctx.app, 'courier');
    const theirs = await callApi(ctx.app, other.token, API.orders.mine, { query: { max_results: 10 } });
    expect(theirs.body.Data.totalDeliveries).toBe(0);
  });

  it('refuses a parcel it cannot take: unknown, or in a locker someone else filled', async () => {
    const unknown = await kiosk(API.kiosk.parcel, { body: { courierCode: courierPin, packageId: 'NOPE1' } });
    expect(unknown.body.Description).toBe('orderNotExist');
    const stored: Order = await depositOrder(ctx.app, admin.token, placeId, 'L');
    const again = await kiosk(API.kiosk.parcel, {
      body: {
        courierCode: courierPin,
        packageId: stored.packageId,
      },
    });
    // Not waiting for deposit and not this courier's: it reads as not existing (issue #20).
    expect([again.status, again.body.Description]).toEqual([404, 'orderNotExist']);
    const deposit = await kiosk(API.kiosk.deposit, {
      body: {
        courierCode: courierPin,
        packageId: stored.packageId,
        size: 'S',
      },
    });
    expect(deposit.body.Description).toBe('orderNotExist');
    expect((await orderById(ctx.app, admin.token, stored.id)).state).toBe(4);
  });
});
