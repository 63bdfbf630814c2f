import { versionOf } from './helpers/versions.js';
import { beforeAll, expect, it } from 'vitest';
import type { ListOrdersReply, Order, DeliveryPlace } from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';
import {
  closeDoor,
  createOrder,
  depositOrder,
  newPackageId,
  orderById,
  waitForState,
} from './helpers/order-fixtures.js';

describeEachDb('delivery orders', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 12, sizes: ['S', 'M', 'L'] }));
  });
  const get = <T = Order>(url: string, token = admin.token) =>
    call<T>(ctx.app, token, { method: 'GET', url });
  const post = <T = Order>(url: string, payload: unknown, token = admin.token) =>
    call<T>(ctx.app, token, { method: 'POST', url, payload: payload as Record<string, unknown> });

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
    const before = await get<ListOrdersReply>('/api/delivery/listOrders?max_results=1');
    const bad = await post('/api/delivery/order', { packageId: '', recipientPhone: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.Description).toBe('invalidInput');
    expect(bad.body.Data).toMatchObject({ 'body.recipientPhone': 'validation.phone' });
    const o = await createOrder(ctx.app, admin.token);
    const dup = await post('/api/delivery/order', { packageId: o.packageId, recipientPhone: '912345678' });
    expect(dup.status).toBe(409);
    expect(dup.body.Description).toBe('orderExists');
    const after = await get<ListOrdersReply>('/api/delivery/listOrders?max_results=1');
    expect(after.body.Data.totalDeliveries).toBe(before.body.Data.totalDeliveries + 1);
  });

  it('double submitted in parallel creates one order', async () => {
    const packageId = newPackageId();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/delivery/order', { packageId, recipientPhone: '912345678' }),
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
        call(ctx.app, admin.token, {
          method: 'PUT',
          url: '/api/delivery/order',
          payload: { updatedAt: o.updatedAt, id: o.id, packageId, recipientPhone: '912345678' },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.Description).toBe('orderExists');
  });

  it('reads by packageId: orderNotExist, the order, orderDelivered with the order as Data', async () => {
    const none = await get('/api/delivery/order?packageId=NOPE');
    expect(none.status).toBe(404);
    expect(none.body.Description).toBe('orderNotExist');
    const o = await createOrder(ctx.app, admin.token);
    expect((await get(`/api/delivery/order?packageId=${o.packageId}`)).body.Data.id).toBe(o.id);
    await ctx.app.db.updateTable('orders').set({ state: 7 }).where('id', '=', o.id).execute();
    const delivered = await get(`/api/delivery/order?packageId=${o.packageId}`);
    expect(delivered.status).toBe(422);
    expect(delivered.body).toMatchObject({
      ResultCode: 0,
      Description: 'orderDelivered',
      Data: { id: o.id },
    });
    expect((await get(`/api/delivery/order?id=${o.id}`)).body.Data.state).toBe(7);
  });

  it('updates before deposit (state 11) and deletes; refuses both once stored', async () => {
    const o = await createOrder(ctx.app, admin.token);
    const put = await call<Order>(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/delivery/order',
      payload: {
        updatedAt: await versionOf(ctx.app, 'orders', o.id),
        id: o.id,
        packageId: o.packageId,
        recipientPhone: '933333333',
        recipientNumber: 'PT9',
      },
    });
    expect(put.body.Data).toMatchObject({ state: 11, recipientPhone: '933333333', recipientNumber: 'PT9' });
    const del = await call(ctx.app, admin.token, {
      method: 'DELETE',
      url: '/api/delivery/order',
      payload: { packageId: o.packageId },
    });
    expect(del.status).toBe(200);
    expect((await get(`/api/delivery/order?packageId=${o.packageId}`)).body.Description).toBe(
      'orderNotExist',
    );

    const stored = await depositOrder(ctx.app, admin.token, placeId);
    const put2 = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/delivery/order',
      payload: {
        updatedAt: await versionOf(ctx.app, 'orders', stored.id),
        id: stored.id,
        packageId: stored.packageId,
        recipientPhone: '933333333',
      },
    });
    expect(put2.status).toBe(422);
    expect(put2.body.Description).toBe('stateNotAllowed');
    const del2 = await call(ctx.app, admin.token, {
      method: 'DELETE',
      url: '/api/delivery/order',
      payload: { packageId: stored.packageId },
    });
    expect(del2.body.Description).toBe('stateNotAllowed');
  });

  it('assigns a locker, lists delivery places with available counts, changes and refuses bad sizes', async () => {
    const places = await get<DeliveryPlace[]>('/api/julian/deliveryLockers');
    const mine = places.body.Data.find((p) => p.id === placeId)!;
    expect(mine.availableLockers).toMatchObject({ XS: 0 });
    const o = await createOrder(ctx.app, admin.token);
    const noSize = await get(`/api/delivery/assignLocker?locationId=${placeId}&packageId=${o.packageId}`);
    expect(noSize.status).toBe(400);
    expect(noSize.body.Description).toBe('selectSize');
    const xs = await get(`/api/delivery/assignLocker?locationId=${placeId}&size=XS&packageId=${o.packageId}`);
    expect(xs.status).toBe(409);
    expect(xs.body.Description).toBe('No locker avaliable');
    const a = await get(`/api/delivery/assignLocker?locationId=${placeId}&size=m&packageId=${o.packageId}`);
    expect(a.body.Data).toMatchObject({ state: 2, assignedLocker: { size: 'M', locationId: placeId } });
    const after = (await get<DeliveryPlace[]>(`/api/julian/deliveryLockers?locationId=${placeId}`)).body
      .Data[0]!;
    expect(after.availableLockers.M).toBe(mine.availableLockers.M - 1);
    const b = await get(`/api/delivery/assignLocker?locationId=${placeId}&size=M&packageId=${o.packageId}`);
    expect(b.body.Data.assignedLocker!.id).not.toBe(a.body.Data.assignedLocker!.id);
    const again = (await get<DeliveryPlace[]>(`/api/julian/deliveryLockers?locationId=${placeId}`)).body
      .Data[0]!;
    expect(again.availableLockers.M).toBe(mine.availableLockers.M - 1);
    // This admin never set a PIN: it is told so, not "wrong PIN".
    const rel = await post('/api/delivery/order/releaseLocker', { orderId: o.id, pin: '0000' });
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

    const grid = await get<{ Lockers: Array<{ id: number; activeDelivery: unknown }> }>(
      `/api/julian/lockersByPlace/${placeId}`,
    );
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
      '/api/kiosk/pickup',
      { placeId, pin: pin === '000000' ? '000001' : '000000' },
      screen.token,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.Description).toBe('wrongPin');
    const adminTry = await post('/api/kiosk/pickup', { placeId, pin }, admin.token);
    expect(adminTry.status).toBe(403);
    const ok = await post<{ state: number; doorNumber: number }>(
      '/api/kiosk/pickup',
      { placeId, pin },
      screen.token,
    );
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
    const used = await post('/api/kiosk/pickup', { placeId, pin }, screen.token);
    expect(used.body.Description).toBe('wrongPin');
    const other = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
    await bindScreen(ctx.app, screen.id, other.placeId);
    const elsewhere = await post('/api/kiosk/pickup', { placeId, pin }, screen.token);
    expect(elsewhere.status).toBe(403);
  });

  it('holds a screen back briefly once it passes ten wrong pickup codes (docs/adr/0130)', async () => {
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, placeId);
    for (let i = 0; i < 11; i++) {
      const r = await post('/api/kiosk/pickup', { placeId, pin: String(100000 + i) }, screen.token);
      expect(r.body.Description).toBe('wrongPin');
    }
    const blocked = await post('/api/kiosk/pickup', { placeId, pin: '999999' }, screen.token);
    expect(blocked.status).toBe(429);
    expect(blocked.body.Description).toBe('tooManyAttempts');
    expect((blocked.body.Data as unknown as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(5);
    const badShape = await post('/api/kiosk/pickup', { placeId, pin: '12' }, screen.token);
    expect(badShape.status).toBe(400);
  });

  it('a door that fails to open leaves the order as it was', async () => {
    const o = await createOrder(ctx.app, admin.token);
    const a = await get(`/api/delivery/assignLocker?locationId=${placeId}&size=L&packageId=${o.packageId}`);
    const door = a.body.Data.assignedLocker!.doorNumber;
    const sim = ctx.app.devices.simulator!.simulator(placeId)!;
    sim.setFault('jam', door);
    const res = await get(`/api/delivery/storePackage?packageId=${o.packageId}`);
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
    await get(`/api/delivery/assignLocker?locationId=${placeId}&size=S&packageId=${o.packageId}`);
    const original = ctx.app.doors.open.bind(ctx.app.doors);
    ctx.app.doors.open = () => Promise.reject(new Error('driver exploded'));
    try {
      const res = await get(`/api/delivery/storePackage?packageId=${o.packageId}`);
      expect(res.status).toBe(503);
      expect(res.body.Description).toBe('deviceUnavailable');
    } finally {
      ctx.app.doors.open = original;
    }
    expect((await orderById(ctx.app, admin.token, o.id)).state).toBe(2);
  });

  it('staff actions follow the state machine and refuse the others with stateNotAllowed', async () => {
    const o = await depositOrder(ctx.app, admin.token, placeId);
    const door = o.assignedLocker!.doorNumber;
    const archive = await post('/api/delivery/order/archive', { orderId: o.id });
    expect(archive.status).toBe(422);
    expect(archive.body).toMatchObject({
      Description: 'stateNotAllowed',
      Data: { action: 'archive', state: 4 },
    });
    expect((await post('/api/delivery/order/resendSms', { orderId: o.id })).body.Data.state).toBe(15);
    const sms = await ctx.app.db
      .selectFrom('messages')
      .select('event')
      .where('order_id', '=', o.id)
      .execute();
    expect(sms.map((s) => s.event)).toEqual(['pickupCode', 'codeResent']);
    expect((await post('/api/delivery/order/verify', { orderId: o.id })).body.Data.state).toBe(10);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, door);
    await waitForState(ctx.app, admin.token, o.id, 12);
    expect((await post('/api/delivery/order/store', { orderId: o.id })).body.Data.state).toBe(4);
    const staff = await post('/api/delivery/order/deliverByStaff', { orderId: o.id });
    expect(staff.body.Data).toMatchObject({ state: 13 });
    expect((await post('/api/delivery/order/archive', { orderId: o.id })).body.Data).toMatchObject({
      state: 14,
      archived: true,
    });
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, door);

    const c = await depositOrder(ctx.app, admin.token, placeId, 'M');
    expect((await post('/api/delivery/order/cancel', { orderId: c.id })).body.Data.state).toBe(8);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, c.assignedLocker!.doorNumber);
    await waitForState(ctx.app, admin.token, c.id, 9);

    const early = await createOrder(ctx.app, admin.token);
    expect((await post('/api/delivery/order/cancel', { orderId: early.id })).body.Data.state).toBe(9);
    const missing = await post('/api/delivery/order/verify', { orderId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.Description).toBe('orderNotExist');
  });

  it('lists the four variants with server paging, and the store role sees only its company', async () => {
    const store = await signIn(ctx.app, 'store', { company: 'Loja Teste' });
    const mine = await createOrder(ctx.app, store.token);
    expect(mine.company).toBe('Loja Teste');
    const other = await createOrder(ctx.app, admin.token);
    const list = await get<ListOrdersReply>(
      '/api/delivery/listOrders?max_results=2&offset=0&state=1,2,3,4,5,6,7,8,9,10,11,12,13&archived=false',
    );
    expect(list.body.Data.deliveries).toHaveLength(2);
    expect(list.body.Data.totalDeliveries).toBeGreaterThan(2);
    const storeList = await get<ListOrdersReply>('/api/delivery/listOrders?max_results=100', store.token);
    expect(storeList.body.Data.deliveries.map((d) => d.id)).toEqual([mine.id]);
    const peek = await get(`/api/delivery/order?id=${other.id}`, store.token);
    expect(peek.body.Description).toBe('orderNotExist');
    const act = await post('/api/delivery/order/cancel', { orderId: other.id }, store.token);
    expect(act.body.Description).toBe('orderNotExist');
    const archived = await get<ListOrdersReply>('/api/delivery/listOrders?archived=true');
    expect(archived.body.Data.deliveries.every((d) => d.archived && d.state === 14)).toBe(true);
    const s14 = await get<ListOrdersReply>('/api/delivery/listOrders?state=14');
    expect(s14.body.Data.totalDeliveries).toBe(archived.body.Data.totalDeliveries);
    const found = await get<ListOrdersReply>(`/api/delivery/listOrders?search=${other.packageId.slice(2)}`);
    expect(found.body.Data.deliveries.map((d) => d.id)).toEqual([other.id]);
    const wildcard = await get<ListOrdersReply>('/api/delivery/listOrders?search=%25');
    expect(wildcard.body.Data.totalDeliveries).toBe(0);
    const logsLike = await get<{ totalLogs: number }>('/api/delivery/orderLogs?packageId=_');
    expect(logsLike.body.Data.totalLogs).toBe(0);
    const bad = await get('/api/delivery/listOrders?state=99');
    expect(bad.status).toBe(400);
    const courier = await signIn(ctx.app, 'courier');
    expect((await get('/api/delivery/listOrders', courier.token)).status).toBe(403);
    // A courier never reads by numeric id; by package id, an order waiting for deposit (issue #20).
    expect((await get(`/api/delivery/order?id=${other.id}`, courier.token)).status).toBe(403);
    expect((await get(`/api/delivery/order?packageId=${other.packageId}`, courier.token)).status).toBe(200);
    const logs = await get<{ logs: unknown[]; totalLogs: number }>(
      `/api/delivery/orderLogs?orderId=${other.id}`,
    );
    expect(logs.body.Data.totalLogs).toBe(1);
  });

  it('disables and enables delivery lockers (admin only)', async () => {
    const lockers = await get<Array<{ id: number; enabled: number }>>(
      `/api/delivery/lockers?locationId=${placeId}`,
    );
    const id = lockers.body.Data[0]!.id;
    const off = await post<{ enabled: boolean }>('/api/delivery/lockers/enabled', {
      lockerIds: [id],
      enabled: false,
    });
    expect(off.status).toBe(200);
    const row = await ctx.app.db
      .selectFrom('lockers')
      .select('enabled')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(0);
    await post('/api/delivery/lockers/enabled', { lockerIds: [id], enabled: true });
    const store = await signIn(ctx.app, 'store', { company: 'X' });
    expect(
      (await post('/api/delivery/lockers/enabled', { lockerIds: [id], enabled: false }, store.token)).status,
    ).toBe(403);
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
        call<Order>(ctx.app, admin.token, {
          method: 'GET',
          url: `/api/delivery/assignLocker?locationId=${placeId}&size=S&packageId=${o.packageId}`,
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
        call(ctx.app, admin.token, {
          method: 'GET',
          url: `/api/delivery/assignLocker?locationId=${placeId}&size=M&packageId=${o.packageId}`,
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
