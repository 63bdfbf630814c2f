import { expect, it } from 'vitest';
import { API, DOOR_STATUS, ORDER_STATE } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { closeDoor, depositOrder, lastPickupCode, waitForState } from './helpers/order-fixtures.js';

/**
 * The wall deciding alone (issue #32, docs/adr/0125), in process: the in-process simulator is
 * provisioned with its place key, holds the credential set the server publishes, opens a parcel's
 * door for its code and journals it; the server applies the journal at the wall's time.
 */
describeEachDb('wall credentials and journal', (ctx) => {
  const setup = async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 4, sizes: ['S'] });
    const local = () => ctx.app.devices.simulator!.localAccess(placeId)!;
    return { admin, placeId, local };
  };
  const settle = async () => {
    await ctx.app.wallOffline.publisher.idle();
    await ctx.app.wallOffline.applier.drain();
    await ctx.app.devices.events.drain();
  };

  it('opens a stored parcel for its code at the wall, once, and the order is delivered at the wall time', async () => {
    const { admin, placeId, local } = await setup();
    const order = await depositOrder(ctx.app, admin.token, placeId);
    const code = await lastPickupCode(ctx.app, order.id);
    await settle();
    const before = Date.now();
    const reply = await local().keypad(code.pin, 'en');
    expect(reply).toMatchObject({ ok: true, kind: 'pickup', doors: [order.assignedLocker!.doorNumber] });
    const door = reply.doors[0]!;
    await settle();
    closeDoor(ctx.app, placeId, door);
    const delivered = await waitForState(ctx.app, admin.token, order.id, ORDER_STATE.DELIVERED);
    const pickedUp = Date.parse(delivered.pickUpAt!);
    expect(pickedUp).toBeGreaterThanOrEqual(before - 5);
    expect(pickedUp).toBeLessThanOrEqual(Date.now());
    const actions = delivered.logs!.map((l) => `${l.action}:${l.adminName}`);
    expect(actions).toContain('pickupWithPin:Cacifo (offline)');
    // Once the server revoked it, the code is unknown at the wall.
    await settle();
    await waitFor(async () => (await local().keypad(code.pin, 'en')).reason === 'unknownCode');
    // The door's history since the deposit: one open by the wall (its journal entry), one close.
    const events = await ctx.app.db
      .selectFrom('door_events')
      .select(['door_status', 'command_id'])
      .where('place_id', '=', placeId)
      .where('door_number', '=', door)
      .where('created_at', '>=', new Date(before).toISOString())
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.door_status)).toEqual([DOOR_STATUS.OPEN, DOOR_STATUS.CLOSED]);
  });

  it('takes the QR code too', async () => {
    const { admin, placeId, local } = await setup();
    const order = await depositOrder(ctx.app, admin.token, placeId);
    const code = await lastPickupCode(ctx.app, order.id);
    await settle();
    expect(await local().qr(code.qr, 'pt')).toMatchObject({
      ok: true,
      message: `Porta ${order.assignedLocker!.doorNumber} aberta.`,
    });
    await settle();
    closeDoor(ctx.app, placeId, order.assignedLocker!.doorNumber);
    const delivered = await waitForState(ctx.app, admin.token, order.id, ORDER_STATE.DELIVERED);
    expect(delivered.logs!.some((l) => l.action === 'pickupWithQrcode')).toBe(true);
  });

  it('refuses a code resent meanwhile once the wall knows, and opens for the new one', async () => {
    const { admin, placeId, local } = await setup();
    const order = await depositOrder(ctx.app, admin.token, placeId);
    const old = await lastPickupCode(ctx.app, order.id);
    const resent = await callApi(ctx.app, admin.token, API.orders.resendSms, { body: { orderId: order.id } });
    expect(resent.status).toBe(200);
    const fresh = await lastPickupCode(ctx.app, order.id);
    await settle();
    // The set may be built once before the resend commits; its second look (SECOND_LOOK_MS in
    // wall-offline.module.ts) is after settle(): wait for the wall to hear it, as the first test does.
    await waitFor(async () => (await local().keypad(old.pin, 'en')).reason === 'unknownCode');
    expect((await local().keypad(fresh.pin, 'en')).ok).toBe(true);
  });

  it('records a pickup the wall made for a parcel the server gave out meanwhile as a conflict with both sides', async () => {
    const { admin, placeId } = await setup();
    const order = await depositOrder(ctx.app, admin.token, placeId);
    const handed = await callApi(ctx.app, admin.token, API.orders.deliverByStaff, {
      body: { orderId: order.id },
    });
    expect(handed.status).toBe(200);
    const door = order.assignedLocker!.doorNumber;
    const at = Date.now() - 60_000;
    ctx.app.wallOffline.applier.handle({
      type: 'journal',
      placeId,
      entry: {
        type: 'access',
        boot: 1,
        seq: 7,
        credentialId: `order:${order.id}`,
        kind: 'pickup',
        via: 'pin',
        doors: [{ door, outcome: 'opened' }],
        at,
      },
      receivedAt: new Date(),
    });
    await settle();
    const res = await callApi(ctx.app, admin.token, API.wall.conflicts, { query: { placeId } });
    expect(res.status).toBe(200);
    const [conflict] = res.body.Data.conflicts;
    expect(conflict).toMatchObject({
      placeId,
      seq: 7,
      controllerAt: new Date(at).toISOString(),
      wall: { credentialId: `order:${order.id}`, doors: [{ door, outcome: 'opened' }] },
      server: { reason: 'notWaiting', orderId: order.id, lastChange: { action: 'deliverByStaff' } },
    });
    // The same entry again (a resend) is acknowledged, not applied twice.
    ctx.app.wallOffline.applier.handle({
      type: 'journal',
      placeId,
      entry: {
        type: 'access',
        boot: 1,
        seq: 7,
        credentialId: `order:${order.id}`,
        kind: 'pickup',
        via: 'pin',
        doors: [{ door, outcome: 'opened' }],
        at,
      },
      receivedAt: new Date(),
    });
    await settle();
    const again = await callApi(ctx.app, admin.token, API.wall.conflicts, { query: { placeId } });
    expect(again.body.Data.conflicts).toHaveLength(1);
  });

  it('gives the place key to admins only', async () => {
    const { admin, placeId } = await setup();
    const res = await callApi(ctx.app, admin.token, API.wall.controllerKey, { params: { id: placeId } });
    expect(res.status).toBe(200);
    expect(res.body.Data.key).toMatch(/^[0-9a-f]{64}$/);
    const editor = await signIn(ctx.app, 'editor');
    const denied = await callApi(ctx.app, editor.token, API.wall.controllerKey, { params: { id: placeId } });
    expect(denied.status).toBe(403);
  });
});
