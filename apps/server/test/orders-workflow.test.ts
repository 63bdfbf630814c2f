import { versionOf } from './helpers/versions.js';
import { beforeAll, expect, it } from 'vitest';
import { API, type Order, type CallInput, type Endpoint } from '@cacifo/contract';
import { bootstrap, firstStartText } from '../src/seed/bootstrap.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { createOrder, orderById } from './helpers/order-fixtures.js';

/** Issue #23: the state machine as operators meet it (edited orders, lockers, PINs). */
describeEachDb('delivery workflow', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['S', 'M', 'L'] }));
    // This admin sets a PIN the way every admin does: in the profile, with the password.
    const pin = await callApi(ctx.app, admin.token, API.admins.changePin, {
      body: { password: admin.password, pin: '8642' },
    });
    expect(pin.status).toBe(200);
  });
  const post = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, admin.token, endpoint, input);
  const edit = async (o: Order) =>
    callApi(ctx.app, admin.token, API.orders.update, {
      body: {
        id: o.id,
        packageId: o.packageId,
        recipientPhone: '919999999',
        updatedAt: await versionOf(ctx.app, 'orders', o.id),
      },
    });

  it('an edited order without a locker cannot be "released" (it stays edited, not back to 1)', async () => {
    const o = await createOrder(ctx.app, admin.token);
    expect((await edit(o)).body.Data).toMatchObject({ state: 11, assignedLocker: null });
    const rel = await post(API.orders.releaseLocker, { body: { orderId: o.id, pin: '8642' } });
    expect(rel.status).toBe(422);
    expect(rel.body).toMatchObject({ Description: 'stateNotAllowed', Data: { action: 'releaseLocker' } });
    const after = await orderById(ctx.app, admin.token, o.id);
    expect(after.state).toBe(11);
    expect(after.logs!.map((l) => l.action)).toEqual(['create', 'update']);
  });

  it('an edited order with a locker is released with the PIN; a wrong PIN changes nothing', async () => {
    const o = await createOrder(ctx.app, admin.token);
    const assigned = await callApi(ctx.app, admin.token, API.orders.assignLocker, {
      query: { locationId: placeId, size: 'S', packageId: o.packageId },
    });
    expect(assigned.body.Data.assignedLocker).toMatchObject({ enabled: 1 });
    expect((await edit(o)).body.Data.state).toBe(11);
    const wrong = await post(API.orders.releaseLocker, { body: { orderId: o.id, pin: '0000' } });
    expect(wrong.body.Description).toBe('wrongPin');
    expect((await orderById(ctx.app, admin.token, o.id)).state).toBe(11);
    const rel = await post(API.orders.releaseLocker, { body: { orderId: o.id, pin: '8642' } });
    expect(rel.status).toBe(200);
    expect(rel.body.Data).toMatchObject({ state: 1, assignedLocker: null });
  });

  it("the order tells its locker's enabled code, so staff see the one action that applies", async () => {
    const o = await createOrder(ctx.app, admin.token);
    const assigned = await callApi(ctx.app, admin.token, API.orders.assignLocker, {
      query: { locationId: placeId, size: 'M', packageId: o.packageId },
    });
    const lockerId = assigned.body.Data.assignedLocker!.id;
    const off = await callApi(ctx.app, admin.token, API.orders.setLockersEnabled, {
      body: { lockerIds: [lockerId], enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await orderById(ctx.app, admin.token, o.id)).assignedLocker).toMatchObject({ enabled: 0 });
  });
});

describeEachDb('first start', (ctx) => {
  it('creates the first admin without a PIN and says how to set one', async () => {
    await ctx.app.db.deleteFrom('admins').execute();
    const printed = await bootstrap(ctx.app.db, { ...ctx.config, seedDemo: false });
    expect(printed).toEqual([expect.objectContaining({ role: 'admin', pin: null })]);
    const row = await ctx.app.db
      .selectFrom('admins')
      .select('pin_hash')
      .where('username', '=', ctx.config.adminUsername)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toBeNull();
    const text = firstStartText(printed);
    expect(text).toContain('(none yet)');
    expect(text).toContain('Edit profile > PIN');
  });

  it('an admin without a PIN is told to set one, not that it is wrong', async () => {
    const fresh = await signIn(ctx.app, 'admin');
    await expect(ctx.app.adminPin.verify(fresh, '1234')).rejects.toMatchObject({
      code: 'pinNotSet',
      statusCode: 422,
    });
  });
});
