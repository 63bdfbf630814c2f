import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from '../helpers/test-app.js';
import { createPlace } from '../helpers/fixtures.js';
import { closeDoor, createOrder, depositOrder, waitForState } from '../helpers/order-fixtures.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

/**
 * Issue #20, object level: what a courier and a store reach of orders that are not theirs.
 * A courier finds an order by package id while it waits for deposit and reads the ones it
 * deposited, nothing by numeric id; a store learns nothing of another company's package ids
 * (ADR 0020) and sees only its own parcels among the expired lockers.
 */
describeEachDb('order confinement', (ctx) => {
  let admin: Signed;
  let courier: Signed;
  let otherCourier: Signed;
  let store: Signed;
  let storeSul: Signed;
  let placeId: number;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    courier = await signIn(ctx.app, 'courier');
    otherCourier = await signIn(ctx.app, 'courier');
    store = await signIn(ctx.app, 'store', { company: 'Loja Norte' });
    storeSul = await signIn(ctx.app, 'store', { company: 'Loja Sul' });
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['S'] }));
  });
  const get = <E extends Endpoint>(endpoint: E, input: CallInput<E>, token: string) =>
    callApi(ctx.app, token, endpoint, input);

  it('a courier reads by package id while the order waits for deposit, then only its own deposits', async () => {
    const order = await createOrder(ctx.app, storeSul.token);
    const byId = await get(API.orders.order, { query: { id: order.id } }, courier.token);
    expect([byId.status, byId.body.Description]).toEqual([403, 'forbidden']);
    const scan = await get(API.orders.order, { query: { packageId: order.packageId } }, courier.token);
    expect(scan.body.Data.id).toBe(order.id);

    // The courier deposits it: from then on it is theirs to read, and no other courier's.
    const assign = await get(
      API.orders.assignLocker,
      { query: { locationId: placeId, size: 'S', packageId: order.packageId } },
      courier.token,
    );
    expect(assign.status).toBe(200);
    const opened = await get(
      API.orders.storePackage,
      { query: { packageId: order.packageId } },
      courier.token,
    );
    expect(opened.status).toBe(200);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, opened.body.Data.assignedLocker!.doorNumber);
    await waitForState(ctx.app, admin.token, order.id, 4);
    const mine = await get(API.orders.order, { query: { packageId: order.packageId } }, courier.token);
    expect(mine.body.Data.state).toBe(4);
    const theirs = await get(API.orders.order, { query: { packageId: order.packageId } }, otherCourier.token);
    expect([theirs.status, theirs.body.Description]).toEqual([404, 'orderNotExist']);
    const list = await get(API.orders.mine, {}, courier.token);
    expect(list.body.Data.deliveries.map((d) => d.id)).toContain(order.id);
    const none = await get(API.orders.mine, {}, otherCourier.token);
    expect(none.body.Data.deliveries.map((d) => d.id)).not.toContain(order.id);
    // Still nothing by numeric id, not even its own.
    expect((await get(API.orders.order, { query: { id: order.id } }, courier.token)).status).toBe(403);
  });

  it('a stored parcel someone else deposited, or an archived one, reads as not existing', async () => {
    const stored = await depositOrder(ctx.app, admin.token, placeId);
    const r = await get(API.orders.order, { query: { packageId: stored.packageId } }, courier.token);
    expect([r.status, r.body.Description]).toEqual([404, 'orderNotExist']);
  });

  it("a store is told nothing about another company's package id, the same as for its own", async () => {
    const foreign = await createOrder(ctx.app, storeSul.token);
    const own = await createOrder(ctx.app, store.token);
    const payload = (packageId: string) => ({ packageId, recipientPhone: '912345678' });
    const create = (packageId: string) =>
      callApi(ctx.app, store.token, API.orders.create, { body: payload(packageId) });
    const onForeign = await create(foreign.packageId);
    const onOwn = await create(own.packageId);
    expect([onForeign.status, onForeign.body.Description]).toEqual([409, 'packageIdUnavailable']);
    // The same answer whoever owns it, so the refusal tells nothing about the other company.
    expect([onOwn.status, onOwn.body.Description, Object.keys(onOwn.body.Data as object)]).toEqual([
      onForeign.status,
      onForeign.body.Description,
      Object.keys(onForeign.body.Data as object),
    ]);
    const rename = await callApi(ctx.app, store.token, API.orders.update, {
      body: { id: own.id, updatedAt: own.updatedAt, ...payload(foreign.packageId) },
    });
    expect([rename.status, rename.body.Description]).toEqual([409, 'packageIdUnavailable']);
    // The admin, who reads every order, is still told the order exists.
    const adminDup = await callApi(ctx.app, admin.token, API.orders.create, {
      body: payload(foreign.packageId),
    });
    expect(adminDup.body.Description).toBe('orderExists');
    const read = await get(API.orders.order, { query: { packageId: foreign.packageId } }, store.token);
    expect(read.body.Description).toBe('orderNotExist');
  });

  it("a store's expired lockers are the ones holding its own parcels", async () => {
    const foreign = await depositOrder(ctx.app, storeSul.token, placeId);
    const own = await depositOrder(ctx.app, store.token, placeId);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    await ctx.app.db
      .updateTable('lockers')
      .set({ expiration_date_time: past })
      .where('id', 'in', [foreign.assignedLocker!.id, own.assignedLocker!.id])
      .execute();
    const doors = async (token: string) => {
      const r = await get(API.alerts.expired, {}, token);
      return Object.values(r.body.Data.delivery)
        .flat()
        .map((l) => l.id);
    };
    expect(await doors(store.token)).toEqual([own.assignedLocker!.id]);
    expect(await doors(admin.token)).toEqual(
      expect.arrayContaining([own.assignedLocker!.id, foreign.assignedLocker!.id]),
    );
    const count = await get(API.alerts.expiredCount, {}, store.token);
    expect(count.body.Data.delivery).toBe(1);
  });
});
