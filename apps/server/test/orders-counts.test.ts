import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import type { OrderFilter } from '../src/modules/orders/order-query.repository.js';
import { ordersRepository } from '../src/modules/orders/orders.repository.js';
import { orderCountsRepository } from '../src/modules/orders/order-counts.repository.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { createOrder, depositOrder } from './helpers/order-fixtures.js';

/**
 * Totals come from order_counts, which database triggers keep (migration 0010): after every kind
 * of write, and after the job folds its rows, each total must equal a count of the orders.
 */
describeEachDb('order totals kept by the database', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let store: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    store = await signIn(ctx.app, 'store', { company: 'Loja Teste' });
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['S'] }));
  });

  const filters: OrderFilter[] = [
    {},
    { states: [1] },
    { states: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] },
    { states: [4], archived: false },
    { archived: true },
    { company: 'Loja Teste' },
    { company: 'Loja Teste', states: [1], archived: false },
    { company: 'Outra' },
  ];
  /** Each filter's total by the API's path against a plain count of the orders. */
  const expectExact = async () => {
    for (const f of filters) {
      let q = ctx.app.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n'));
      if (f.states) q = q.where('state', 'in', f.states);
      if (f.archived !== undefined) q = q.where('archived', '=', f.archived ? 1 : 0);
      if (f.company !== undefined) q = q.where('company', '=', f.company);
      const counted = Number((await q.executeTakeFirstOrThrow()).n);
      expect({ f, total: (await ordersRepository.count(ctx.app.db, f)).n }).toEqual({ f, total: counted });
    }
  };
  const post = <E extends Endpoint>(endpoint: E, input: CallInput<E>, token = admin.token) =>
    callApi(ctx.app, token, endpoint, input);

  it('stays exact through creation, deposit, archive, cancel, delete and compaction', async () => {
    await expectExact();
    const created = await Promise.all([1, 2, 3].map(() => createOrder(ctx.app, admin.token)));
    await createOrder(ctx.app, store.token);
    await createOrder(ctx.app, store.token);
    await expectExact();

    const stored = await depositOrder(ctx.app, admin.token, placeId);
    expect(stored.state).toBe(4);
    await expectExact();

    const cancelled = await post(API.orders.cancel, { body: { orderId: created[0]!.id } });
    expect(cancelled.status).toBe(200);
    const archived = await post(API.orders.archive, { body: { orderId: created[0]!.id } });
    expect(archived.status).toBe(200);
    const removed = await callApi(ctx.app, admin.token, API.orders.remove, {
      body: { packageId: created[1]!.packageId },
    });
    expect(removed.status).toBe(200);
    await expectExact();

    const before = await ctx.app.db.selectFrom('order_counts').select('id').execute();
    await orderCountsRepository.compact(ctx.app.db);
    const after = await ctx.app.db.selectFrom('order_counts').select('id').execute();
    expect(after.length).toBeLessThan(before.length);
    await expectExact();
    // Folding twice changes nothing.
    await orderCountsRepository.compact(ctx.app.db);
    await expectExact();
  });

  it('answers the same total through listOrders, for operators and for a store', async () => {
    const all = await callApi(ctx.app, admin.token, API.orders.list, {
      query: { state: '1,2,3,4,5,6,7,8,9,10,11,12,13', max_results: 2 },
    });
    const { n: direct } = await ordersRepository.count(ctx.app.db, {
      states: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    });
    expect(all.body.Data.totalDeliveries).toBe(direct);
    expect(all.body.Data.deliveries).toHaveLength(2);
    const mine = await callApi(ctx.app, store.token, API.orders.list, { query: { max_results: 50 } });
    expect(mine.body.Data.totalDeliveries).toBe(mine.body.Data.deliveries.length);
    expect(mine.body.Data.deliveries.every((d) => d.company === 'Loja Teste')).toBe(true);
    // A search counts the orders themselves.
    const one = await callApi(ctx.app, admin.token, API.orders.list, {
      query: { search: mine.body.Data.deliveries[0]!.packageId },
    });
    expect(one.body.Data.totalDeliveries).toBe(1);
  });
});
