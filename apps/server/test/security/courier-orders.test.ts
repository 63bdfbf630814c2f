import { beforeAll, expect, it } from 'vitest';
import { API, can, type Order, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn, apiRequest } from '../helpers/test-app.js';
import { createPlace } from '../helpers/fixtures.js';
import { closeDoor, createOrder, waitForState } from '../helpers/order-fixtures.js';
import { apiRoutes } from './route-samples.js';
import { objectFields, requestFor } from './object-samples.js';

const SECRET_NAME = 'Carolina Reservada';
const SECRET_PHONE = '918765432';

/**
 * Issue #31: a courier reads orders, labels and slips only of the parcels it handled (created,
 * claimed a locker for, deposited). Every route a courier may call that takes an order id (found in
 * the route table and the contract's schemas, so a new one is covered by itself) is called by
 * another courier with each of the first courier's orders, and with an order no courier touched:
 * 404 or 403, and no recipient data in the answer.
 */
describeEachDb('courier confinement to its own parcels', (ctx) => {
  type Signed = Awaited<ReturnType<typeof signIn>>;
  let admin: Signed;
  let mine: Signed;
  let other: Signed;
  let placeId: number;
  const orders: Record<string, Order> = {};
  const get = <E extends Endpoint>(token: string, endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, token, endpoint, input);
  const raw = <E extends Endpoint>(token: string, endpoint: E, input: CallInput<E>) =>
    ctx.app.inject({ ...apiRequest(endpoint, input), headers: { authorization: `Bearer ${token}` } });
  const secret = { recipientName: SECRET_NAME, recipientPhone: SECRET_PHONE };
  const assign = (token: string, packageId: string) =>
    get(token, API.orders.assignLocker, { query: { locationId: placeId, size: 'S', packageId } });

  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    mine = await signIn(ctx.app, 'courier');
    other = await signIn(ctx.app, 'courier');
    const store = await signIn(ctx.app, 'store', { company: 'Loja Norte' });
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 4, sizes: ['S'] }));
    // A store's order the courier scanned and claimed a locker for (assigned, not yet stored).
    orders.assigned = await createOrder(ctx.app, store.token, secret);
    expect((await assign(mine.token, orders.assigned.packageId)).status).toBe(200);
    // One the courier registered itself at the scanner.
    orders.created = await createOrder(ctx.app, mine.token, secret);
    // One it deposited: stored in the locker.
    orders.deposited = await createOrder(ctx.app, store.token, secret);
    const claimed = await callApi(ctx.app, mine.token, API.orders.assignLocker, {
      query: { locationId: placeId, size: 'S', packageId: orders.deposited.packageId },
    });
    expect(claimed.status).toBe(200);
    expect(
      (await get(mine.token, API.orders.storePackage, { query: { packageId: orders.deposited.packageId } }))
        .status,
    ).toBe(200);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, claimed.body.Data.assignedLocker!.doorNumber);
    await waitForState(ctx.app, admin.token, orders.deposited.id, 4);
    // The case of the issue: a store's order no courier has touched yet, named by its number.
    orders.untouched = await createOrder(ctx.app, store.token, secret);
  });

  const courierRoutes = () =>
    apiRoutes(ctx.app.routeTable)
      .filter((r) => can('courier', r.permission, ctx.config.modules))
      // Creating an order: its `id` is a legacy field the create ignores (it names no order).
      .filter((r) => !(r.method === 'POST' && r.url === API.orders.create.path))
      .map((r) => ({ route: r, ...objectFields(r) }))
      .map((r) => ({ ...r, fields: r.fields.filter((f) => f.kind === 'order') }))
      .filter((r) => r.fields.length > 0);

  it('finds the routes: label, slip and the return opening at least', () => {
    const urls = courierRoutes().map((r) => r.route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        API.orders.label.path,
        API.orders.slip.path,
        API.notifications.openForReturn.path,
      ]),
    );
  });

  it('another courier reaches none of them by id: 404 or 403, no recipient data', async () => {
    const leaks: string[] = [];
    let calls = 0;
    for (const { route, base, fields } of courierRoutes()) {
      for (const field of fields) {
        for (const [name, order] of Object.entries(orders)) {
          const res = await ctx.app.inject({
            ...requestFor(route, base, field, order.id),
            headers: { authorization: `Bearer ${other.token}` },
          });
          calls++;
          const text = res.body;
          if (![403, 404].includes(res.statusCode))
            leaks.push(`${route.method} ${route.url} ${field.name}=${name}: ${res.statusCode}`);
          if (text.includes(SECRET_NAME) || text.includes(SECRET_PHONE) || text.includes(order.packageId))
            leaks.push(`${route.method} ${route.url} ${field.name}=${name}: recipient data in the answer`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(3 * Object.keys(orders).length);
  });

  it('the courier that handled them still gets their labels, and the slip of the one it deposited', async () => {
    for (const name of ['assigned', 'created', 'deposited']) {
      const res = await raw(mine.token, API.orders.label, { query: { orderId: orders[name]!.id } });
      expect([name, res.statusCode, res.headers['content-type']]).toEqual([name, 200, 'application/pdf']);
    }
    const slip = await raw(mine.token, API.orders.slip, { query: { orderId: orders.deposited!.id } });
    expect(slip.statusCode).toBe(200);
    // The untouched one: by its number, nobody's; by the package id in hand, still scannable.
    const label = await get(mine.token, API.orders.label, { query: { orderId: orders.untouched!.id } });
    expect([label.status, label.body.Description]).toEqual([404, 'orderNotExist']);
    const scan = await get(mine.token, API.orders.order, {
      query: { packageId: orders.untouched!.packageId },
    });
    expect(scan.status).toBe(200);
  });
});
