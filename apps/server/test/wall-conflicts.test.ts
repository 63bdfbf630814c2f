import { expect, it } from 'vitest';
import { API, ADMIN_LOG_ACTION, ORDER_STATE, type DeviceJournalEntry } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { createOrder, depositOrder, lastPickupCode, waitForState } from './helpers/order-fixtures.js';

/**
 * What a wall did alone against what the server did meanwhile (issue #32): a code replaced while
 * they were apart and used at the wall, a parcel deposited for an order cancelled meanwhile. Each
 * is a conflict with both sides, at GET /api/julian/wall/conflicts and as an admin log row (1040);
 * what physically happened (the parcel is out) stands.
 */
describeEachDb('wall conflicts', (ctx) => {
  const settle = async () => {
    await ctx.app.wallOffline.publisher.idle();
    await ctx.app.wallOffline.applier.drain();
    await ctx.app.devices.events.drain();
    await ctx.app.bus.idle();
  };
  let seq = 100;
  const journal = (placeId: number, entry: Record<string, unknown>) =>
    ctx.app.wallOffline.applier.handle({
      type: 'journal',
      placeId,
      entry: { boot: 7, seq: ++seq, ...entry } as DeviceJournalEntry,
      receivedAt: new Date(),
    });
  const conflicts = async (token: string, placeId: number) =>
    (await callApi(ctx.app, token, API.wall.conflicts, { query: { placeId } })).body.Data.conflicts;
  const adminLogs = (placeId: number) =>
    ctx.app.db
      .selectFrom('admin_logs')
      .select(['details', 'door_number', 'admin_name'])
      .where('action', '=', ADMIN_LOG_ACTION.WALL_CONFLICT)
      .where('place_id', '=', placeId)
      .execute();

  it('delivers a parcel opened with a code replaced meanwhile, and keeps the conflict with both sides', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2, sizes: ['S'] });
    const order = await depositOrder(ctx.app, admin.token, placeId);
    const door = order.assignedLocker!.doorNumber;
    const old = await lastPickupCode(ctx.app, order.id);
    const resent = await callApi(ctx.app, admin.token, API.orders.resendSms, { body: { orderId: order.id } });
    expect(resent.status).toBe(200);
    // The wall, apart, still held the old code and took it after the server had replaced it.
    const at = Date.now() + 1000;
    journal(placeId, {
      type: 'access',
      credentialId: `order:${order.id}`,
      kind: 'pickup',
      via: 'pin',
      doors: [{ door, outcome: 'opened' }],
      matched: ctx.app.placeKeys.hash(placeId, 'pin', old.pin).slice(0, 16),
      at,
    });
    const access = seq;
    journal(placeId, { type: 'door', door, status: 0, open: true, access, at: at + 10 });
    journal(placeId, { type: 'door', door, status: 2, open: false, access, at: at + 20 });
    await settle();
    const delivered = await waitForState(ctx.app, admin.token, order.id, ORDER_STATE.DELIVERED);
    expect(delivered.logs!.some((l) => l.action === 'pickupWithPin')).toBe(true);
    const [conflict] = await conflicts(admin.token, placeId);
    expect(conflict).toMatchObject({
      wall: { credentialId: `order:${order.id}`, doors: [{ door }] },
      server: { reason: 'codeReplaced', orderId: order.id, applied: true },
    });
    const [log] = await adminLogs(placeId);
    expect(log).toMatchObject({ door_number: door, admin_name: 'system' });
    expect(JSON.parse(log!.details!)).toMatchObject({
      wall: { type: 'access', matched: expect.any(String) },
      server: { reason: 'codeReplaced' },
    });
  });

  it('keeps a deposit for an order cancelled meanwhile as a conflict, and the order stays cancelled', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2, sizes: ['S'] });
    const order = await createOrder(ctx.app, admin.token);
    const assigned = await callApi(ctx.app, admin.token, API.orders.assignLocker, {
      query: { locationId: placeId, size: 'S', packageId: order.packageId },
    });
    const door = assigned.body.Data.assignedLocker!.doorNumber;
    const cancelled = await callApi(ctx.app, admin.token, API.orders.cancel, { body: { orderId: order.id } });
    expect(cancelled.status).toBe(200);
    const state = cancelled.body.Data.state;
    journal(placeId, {
      type: 'deposit',
      credentialId: 'courier:1',
      parcelId: `order:${order.id}`,
      door,
      outcome: 'opened',
      at: Date.now(),
    });
    await settle();
    const [conflict] = await conflicts(admin.token, placeId);
    expect(conflict).toMatchObject({
      type: 'deposit',
      wall: { parcelId: `order:${order.id}`, door },
      server: { reason: 'notToDeposit', state, lastChange: { action: 'cancelBeforeDeposit' } },
    });
    const after = await callApi(ctx.app, admin.token, API.orders.order, { query: { id: order.id } });
    expect(after.body.Data.state).toBe(state);
    expect(await adminLogs(placeId)).toHaveLength(1);
  });

  it('records an office card replaced meanwhile as a conflict, and the current card as an access', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'OFFICE', doors: 2 });
    const now = new Date().toISOString();
    const { id } = await ctx.app.db
      .insertInto('locker_users')
      .values({ name: 'Rita', card: 'AB12CD34', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const open = (card: string) =>
      journal(placeId, {
        type: 'access',
        credentialId: `user:${id}`,
        kind: 'office',
        via: 'card',
        doors: [{ door: 2, outcome: 'opened' }],
        matched: ctx.app.placeKeys.hash(placeId, 'card', card).slice(0, 16),
        at: Date.now() + 1000,
      });
    open('AB12CD34');
    open('0F0F0F0F');
    await settle();
    const [conflict, ...more] = await conflicts(admin.token, placeId);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      server: { reason: 'credentialRevoked', user: 'cardReplaced', applied: true },
    });
    const granted = await ctx.app.db
      .selectFrom('office_access_log')
      .select('user_id')
      .where('place_id', '=', placeId)
      .execute();
    expect(granted).toEqual([{ user_id: id }, { user_id: id }]);
  });
});
