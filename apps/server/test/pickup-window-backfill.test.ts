import { beforeAll, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { depositOrder } from './helpers/order-fixtures.js';

const HOUR = 3_600_000;

/**
 * Parcels stored before reminders existed (migration 0050) had no pickup window and no next
 * notice: they were never reminded and never expired (issue #33). The notices job gives them one.
 */
describeEachDb('pickup window of parcels stored before reminders existed', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 4, sizes: ['S'] }));
  });
  const order = async (id: number) =>
    (await callApi(ctx.app, admin.token, API.orders.order, { query: { id } })).body.Data;
  /** A stored parcel as the database held it before 0050: no window, no next notice. */
  const legacyParcel = async (storedAt: string) => {
    const o = await depositOrder(ctx.app, admin.token, placeId);
    await ctx.app.db
      .updateTable('orders')
      .set({ stored_at: storedAt, expires_at: null, next_notice_at: null })
      .where('id', '=', o.id)
      .execute();
    return o;
  };
  const events = async (id: number) =>
    (
      await ctx.app.db
        .selectFrom('messages')
        .select('event')
        .where('order_id', '=', id)
        .where('channel', '=', 'sms')
        .orderBy('id')
        .execute()
    ).map((m) => m.event);

  it('a parcel long past its window is warned first, then expires with a return code', async () => {
    const now = new Date().toISOString();
    const old = await legacyParcel(new Date(Date.parse(now) - 30 * 24 * HOUR).toISOString());
    await ctx.app.messaging.notices.runOnce(now);
    let o = await order(old.id);
    // The default rules' last-day warning (24 h) from now, not the window long gone.
    expect(o.expiresAt).toBe(new Date(Date.parse(now) + 24 * HOUR).toISOString());
    expect(o.state).toBe(4);
    expect(await events(old.id)).toEqual(['pickupCode', 'lastDay']);

    await ctx.app.messaging.notices.runOnce(new Date(Date.parse(o.expiresAt!) + 1000).toISOString());
    o = await order(old.id);
    expect(o.state).toBe(18);
    expect(o.logs!.at(-1)).toMatchObject({ action: 'expire', adminName: 'system' });
    expect(await events(old.id)).toEqual(['pickupCode', 'lastDay', 'expired']);
  });

  it('a parcel still inside its window keeps the window from its deposit and its reminders', async () => {
    const now = new Date().toISOString();
    const storedAt = new Date(Date.parse(now) - 2 * HOUR).toISOString();
    const recent = await legacyParcel(storedAt);
    await ctx.app.messaging.notices.runOnce(now);
    const o = await order(recent.id);
    expect(o.expiresAt).toBe(new Date(Date.parse(storedAt) + 72 * HOUR).toISOString());
    expect(await events(recent.id)).toEqual(['pickupCode']);
    // Its notices fall due in their time: at 48 h the default rules' reminder and last-day warning
    // coincide, and the latest one due is sent.
    await ctx.app.messaging.notices.runOnce(new Date(Date.parse(storedAt) + 47 * HOUR).toISOString());
    expect(await events(recent.id)).toEqual(['pickupCode']);
    await ctx.app.messaging.notices.runOnce(new Date(Date.parse(storedAt) + 48 * HOUR + 1000).toISOString());
    expect(await events(recent.id)).toEqual(['pickupCode', 'lastDay']);
  });
});
