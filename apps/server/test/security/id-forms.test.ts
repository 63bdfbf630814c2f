import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi, call } from '../helpers/test-app.js';
import { createOrder, orderById } from '../helpers/order-fixtures.js';

/**
 * The probe's own cases (issue #31) against real rows: `true`, `[id]` and `"id"` cancelled order 1
 * and deleted category 1 once. Each is refused and the row is as it was; the number itself works.
 */
describeEachDb('ids that name real rows', (ctx) => {
  it('an order is not cancelled, nor a category deleted, by an id in another form', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const order = await createOrder(ctx.app, admin.token);
    for (const orderId of [true, [order.id], String(order.id), `+${order.id}`, order.id + 0.5]) {
      // An id in another form on purpose: the typed body cannot hold it.
      const res = await call(ctx.app, admin.token, {
        method: 'POST',
        url: API.orders.cancel.path,
        payload: { orderId },
      });
      expect([res.status, res.body.Description, res.body.Data], JSON.stringify(orderId)).toEqual([
        400,
        'invalidInput',
        { 'body.orderId': 'validation.invalid' },
      ]);
    }
    // Nothing happened to the order (read by `?id=`: in a query the id is its digits); the number itself works.
    expect((await orderById(ctx.app, admin.token, order.id)).state).toBe(order.state);
    const cancelled = await callApi(ctx.app, admin.token, API.orders.cancel, { body: { orderId: order.id } });
    expect(cancelled.status).toBe(200);
    expect((await orderById(ctx.app, admin.token, order.id)).state).not.toBe(order.state);

    const cat = await callApi(ctx.app, admin.token, API.assets.createCategory, {
      body: { name: 'Ferramentas', icon: 'camera', size: 'M' },
    });
    const categoryId = cat.body.Data.id;
    for (const bad of [true, [categoryId], String(categoryId), { id: categoryId }]) {
      // An id in another form on purpose: the typed body cannot hold it.
      const res = await call(ctx.app, admin.token, {
        method: 'DELETE',
        url: API.assets.removeCategory.path,
        payload: { categoryId: bad },
      });
      expect([res.status, res.body.Description], JSON.stringify(bad)).toEqual([400, 'invalidInput']);
    }
    const categories = await callApi(ctx.app, admin.token, API.assets.categories, {});
    expect(categories.body.Data.map((c) => c.id)).toContain(categoryId);
  });
});
