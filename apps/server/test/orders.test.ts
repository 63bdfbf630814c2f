import { versionOf } from './helpers/versions.js';
import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import {
  closeDoor,
  createOrder,
  depositOrder,
  newPackageId,
  waitForState,
} from './helpers/order-fixtures.js';

describeEachDb('delivery orders', (ctx) => {
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

  it('creates an order with the fixed recipient name and logs it', async () => {
    const o = await createOrder(ctx.app, admin.token, { recipientEmail: '', recipientPhone: '912345678' });
    expect(o).toMatchObject({
      state: 1,
      recipientName: 'Cliente',
      recipientPhone: '912345678',
      assignedLocker: null,
    });
    expect(o.logs).toEqual([expect.objectContaining({ actionId: 1, action: 'create', state: 1 })]);
  });

  it('refuses bad input and a duplicate package id, writing nothing', async () => {
    const before = await get(API.orders.list, { query: { max_results: 1 } });
    const bad = await post(API.orders.create, { body: { packageId: '', recipientPhone: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.body.Description).toBe('invalidInput');
    expect(bad.body.Data).toMatchObject({ 'body.recipientPhone': 'validation.phone' });
    const o = await createOrder(ctx.app, admin.token);
    const dup = await post(API.orders.create, {
      body: { packageId: o.packageId, recipientPhone: '912345678' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.Description).toBe('orderExists');
    const after = await get(API.orders.list, { query: { max_results: 1 } });
    expect(after.body.Data.totalDeliveries).toBe(before.body.Data.totalDeliveries + 1);
  });

  it('double submitted in parallel creates one order', async () => {
    const packageId = newPackageId();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(API.orders.create, { body: { packageId, recipientPhone: '912345678' } }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.body.Description === 'orderExists')).toHaveLength(7);
  });

  it('two orders renamed to the same package id at once: one wins, the other gets orderExists', async () => {
    const a = await createOrder(ctx.app, admin.token);
    const b = await createOrder(ctx.app, admin.token);
    const packageId = newPackageId();
    const replies = await Promise.all(
      [a, b].map((o) =>
        callApi(ctx.app, admin.token, API.orders.update, {
          body: { updatedAt: o.updatedAt, id: o.id, packageId, recipientPhone: '912345678' },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.Description).toBe('orderExists');
  });

  it('reads by packageId: orderNotExist, the order, orderDelivered with the order as Data', async () => {
    const none = await get(API.orders.order, { query: { packageId: 'NOPE' } });
    expect(none.status).toBe(404);
    expect(none.body.Description).toBe('orderNotExist');
    const o = await createOrder(ctx.app, admin.token);
    expect((await get(API.orders.order, { query: { packageId: o.packageId } })).body.Data.id).toBe(o.id);
    await ctx.app.db.updateTable('orders').set({ state: 7 }).where('id', '=', o.id).execute();
    const delivered = await get(API.orders.order, { query: { packageId: o.packageId } });
    expect(delivered.status).toBe(422);
    expect(delivered.body).toMatchObject({
      ResultCode: 0,
      Description: 'orderDelivered',
      Data: { id: o.id },
    });
    expect((await get(API.orders.order, { query: { id: o.id } })).body.Data.state).toBe(7);
  });

  it('updates before deposit (state 11) and deletes; refuses both once stored', async () => {
    const o = await createOrder(ctx.app, admin.token);
    const put = await callApi(ctx.app, admin.token, API.orders.update, {
      body: {
        updatedAt: await versionOf(ctx.app, 'orders', o.id),
        id: o.id,
        packageId: o.packageId,
        recipientPhone: '933333333',
        recipientNumber: 'PT9',
      },
    });
    expect(put.body.Data).toMatchObject({ state: 11, recipientPhone: '933333333', recipientNumber: 'PT9' });
    const del = await callApi(ctx.app, admin.token, API.orders.remove, { body: { packageId: o.packageId } });
    expect(del.status).toBe(200);
    expect((await get(API.orders.order, { query: { packageId: o.packageId } })).body.Description).toBe(
      'orderNotExist',
    );

    const stored = await depositOrder(ctx.app, admin.token, placeId);
    const put2 = await callApi(ctx.app, admin.token, API.orders.update, {
      body: {
        updatedAt: await versionOf(ctx.app, 'orders', stored.id),
        id: stored.id,
        packageId: stored.packageId,
        recipientPhone: '933333333',
      },
    });
    expect(put2.status).toBe(422);
    expect(put2.body.Description).toBe('stateNotAllowed');
    const del2 = await callApi(ctx.app, admin.token, API.orders.remove, {
      body: { packageId: stored.packageId },
    });
    expect(del2.body.Description).toBe('stateNotAllowed');
  });

  it('staff actions follow the state machine and refuse the others with stateNotAllowed', async () => {
    const o = await depositOrder(ctx.app, admin.token, placeId);
    const door = o.assignedLocker!.doorNumber;
    const archive = await post(API.orders.archive, { body: { orderId: o.id } });
    expect(archive.status).toBe(422);
    expect(archive.body).toMatchObject({
      Description: 'stateNotAllowed',
      Data: { action: 'archive', state: 4 },
    });
    expect((await post(API.orders.resendSms, { body: { orderId: o.id } })).body.Data.state).toBe(15);
    const sms = await ctx.app.db
      .selectFrom('messages')
      .select('event')
      .where('order_id', '=', o.id)
      .execute();
    expect(sms.map((s) => s.event)).toEqual(['pickupCode', 'codeResent']);
    expect((await post(API.orders.verify, { body: { orderId: o.id } })).body.Data.state).toBe(10);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, door);
    await waitForState(ctx.app, admin.token, o.id, 12);
    expect((await post(API.orders.store, { body: { orderId: o.id } })).body.Data.state).toBe(4);
    const staff = await post(API.orders.deliverByStaff, { body: { orderId: o.id } });
    expect(staff.body.Data).toMatchObject({ state: 13 });
    expect((await post(API.orders.archive, { body: { orderId: o.id } })).body.Data).toMatchObject({
      state: 14,
      archived: true,
    });
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, door);

    const c = await depositOrder(ctx.app, admin.token, placeId, 'M');
    expect((await post(API.orders.cancel, { body: { orderId: c.id } })).body.Data.state).toBe(8);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, c.assignedLocker!.doorNumber);
    await waitForState(ctx.app, admin.token, c.id, 9);

    const early = await createOrder(ctx.app, admin.token);
    expect((await post(API.orders.cancel, { body: { orderId: early.id } })).body.Data.state).toBe(9);
    const missing = await post(API.orders.verify, { body: { orderId: 999999 } });
    expect(missing.status).toBe(404);
    expect(missing.body.Description).toBe('orderNotExist');
  });

  it('lists the four variants with server paging, and the store role sees only its company', async () => {
    const store = await signIn(ctx.app, 'store', { company: 'Loja Teste' });
    const mine = await createOrder(ctx.app, store.token);
    expect(mine.company).toBe('Loja Teste');
    const other = await createOrder(ctx.app, admin.token);
    const list = await get(API.orders.list, {
      query: { max_results: 2, offset: '0', state: '1,2,3,4,5,6,7,8,9,10,11,12,13', archived: 'false' },
    });
    expect(list.body.Data.deliveries).toHaveLength(2);
    expect(list.body.Data.totalDeliveries).toBeGreaterThan(2);
    const storeList = await get(API.orders.list, { query: { max_results: 100 } }, store.token);
    expect(storeList.body.Data.deliveries.map((d) => d.id)).toEqual([mine.id]);
    const peek = await get(API.orders.order, { query: { id: other.id } }, store.token);
    expect(peek.body.Description).toBe('orderNotExist');
    const act = await post(API.orders.cancel, { body: { orderId: other.id } }, store.token);
    expect(act.body.Description).toBe('orderNotExist');
    const archived = await get(API.orders.list, { query: { archived: 'true' } });
    expect(archived.body.Data.deliveries.every((d) => d.archived && d.state === 14)).toBe(true);
    const s14 = await get(API.orders.list, { query: { state: 14 } });
    expect(s14.body.Data.totalDeliveries).toBe(archived.body.Data.totalDeliveries);
    const found = await get(API.orders.list, { query: { search: other.packageId.slice(2) } });
    expect(found.body.Data.deliveries.map((d) => d.id)).toEqual([other.id]);
    const wildcard = await get(API.orders.list, { query: { search: '%' } });
    expect(wildcard.body.Data.totalDeliveries).toBe(0);
    const logsLike = await get(API.orders.logs, { query: { packageId: '_' } });
    expect(logsLike.body.Data.totalLogs).toBe(0);
    const bad = await get(API.orders.list, { query: { state: 99 } });
    expect(bad.status).toBe(400);
    const courier = await signIn(ctx.app, 'courier');
    expect((await get(API.orders.list, {}, courier.token)).status).toBe(403);
    // A courier never reads by numeric id; by package id, an order waiting for deposit (issue #20).
    expect((await get(API.orders.order, { query: { id: other.id } }, courier.token)).status).toBe(403);
    expect(
      (await get(API.orders.order, { query: { packageId: other.packageId } }, courier.token)).status,
    ).toBe(200);
    const logs = await get(API.orders.logs, { query: { orderId: other.id } });
    expect(logs.body.Data.totalLogs).toBe(1);
  });

  it('disables and enables delivery lockers (admin only)', async () => {
    const lockers = await get(API.orders.lockers, { query: { locationId: placeId } });
    const id = lockers.body.Data[0]!.id;
    const off = await post(API.orders.setLockersEnabled, {
      body: {
        lockerIds: [id],
        enabled: false,
      },
    });
    expect(off.status).toBe(200);
    const row = await ctx.app.db
      .selectFrom('lockers')
      .select('enabled')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(0);
    await post(API.orders.setLockersEnabled, { body: { lockerIds: [id], enabled: true } });
    const store = await signIn(ctx.app, 'store', { company: 'X' });
    expect(
      (await post(API.orders.setLockersEnabled, { body: { lockerIds: [id], enabled: false } }, store.token))
        .status,
    ).toBe(403);
  });
});
