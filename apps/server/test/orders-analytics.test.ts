import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { depositOrder } from './helpers/order-fixtures.js';

describeEachDb('delivery analytics and expired lockers', (ctx) => {
  it('counts orders per day and in total, and lists packages left too long', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 4, sizes: ['S', 'M'] });
    const stored = await depositOrder(ctx.app, admin.token, placeId);
    await ctx.app.devices.events.drain();
    const old = new Date(Date.now() - 12 * 86_400_000).toISOString();
    await ctx.app.db.updateTable('orders').set({ stored_at: old }).where('id', '=', stored.id).execute();
    const today = new Date().toISOString().slice(0, 10);
    const a = await callApi(ctx.app, admin.token, API.orders.analytics, {
      query: { locationId: placeId, dateRange: `${today}|${today}` },
    });
    expect(a.status).toBe(200);
    expect(a.body.Data).toMatchObject({
      from: today,
      to: today,
      totals: { created: 1, stored: 1, waiting: 1, expired: 1 },
    });
    expect(a.body.Data.perDay).toEqual([{ date: today, created: 1, stored: 0, delivered: 0 }]);
    expect(a.body.Data.occupancy).toMatchObject({ lockers: 4, occupied: 1, available: 3 });
    const bad = await callApi(ctx.app, admin.token, API.orders.analytics, {
      query: { dateRange: '2026-02-01|2026-01-01' },
    });
    expect(bad.status).toBe(400);
    const expired = await callApi(ctx.app, admin.token, API.orders.expired, {});
    expect(expired.body.Data.deliveries.map((d) => d.id)).toEqual([stored.id]);
    const store = await signIn(ctx.app, 'store', { company: 'Outra' });
    const scoped = await callApi(ctx.app, store.token, API.orders.expired, {});
    expect(scoped.body.Data.totalDeliveries).toBe(0);
    expect((await callApi(ctx.app, store.token, API.orders.analytics, {})).status).toBe(403);
  });
});
