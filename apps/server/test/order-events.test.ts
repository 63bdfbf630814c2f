import { versionOf } from './helpers/versions.js';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint, type ReplyOf } from '@cacifo/contract';
import { milestoneOf, type OrderChange } from '../src/modules/orders/order-events.js';
import { callApi, describeEachDb, signIn, call, apiRequest } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';
import {
  closeDoor,
  createOrder,
  depositOrder,
  lastPickupCode,
  newPackageId,
  orderById,
  waitForState,
} from './helpers/order-fixtures.js';

/** What the listeners heard, and a switch that makes the second listener fail. */
const heard: OrderChange[] = [];
const failing = { on: false };

describeEachDb(
  'order events: listeners inside the transaction of every order change',
  (ctx) => {
    let admin: Awaited<ReturnType<typeof signIn>>;
    let placeId: number;
    const post = <E extends Endpoint>(endpoint: E, input: CallInput<E>, token = admin.token) =>
      callApi(ctx.app, token, endpoint, input);
    const get = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
      callApi(ctx.app, admin.token, endpoint, input);
    const listenerRows = (orderId: number) =>
      ctx.app.db
        .selectFrom('settings')
        .select('key')
        .where('key', 'like', `test.order.${orderId}.%`)
        .orderBy('key')
        .execute();
    const of = (orderId: number) =>
      heard
        .filter((c) => c.orderId === orderId)
        .map((c) => [c.action, c.before?.state ?? null, c.after?.state ?? null, milestoneOf(c)]);

    beforeAll(async () => {
      heard.length = 0;
      admin = await signIn(ctx.app, 'admin');
      ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['S'] }));
    });
    beforeEach(() => {
      failing.on = false;
    });

    it('a parcel from creation to pickup and archive: each change once, before and after, in order', async () => {
      const stored = await depositOrder(ctx.app, admin.token, placeId);
      const { pin } = await lastPickupCode(ctx.app, stored.id);
      const screen = await signIn(ctx.app, 'screen');
      await bindScreen(ctx.app, screen.id, placeId);
      const picked = await post(API.orders.kioskPickup, { body: { placeId, pin } }, screen.token);
      expect(picked.status).toBe(200);
      await ctx.app.devices.events.drain();
      closeDoor(ctx.app, placeId, stored.assignedLocker!.doorNumber);
      await waitForState(ctx.app, admin.token, stored.id, 7);
      expect((await post(API.orders.archive, { body: { orderId: stored.id } })).status).toBe(200);

      expect(of(stored.id)).toEqual([
        ['create', null, 1, 'created'],
        ['assignLocker', 1, 2, 'lockerAssigned'],
        ['openForDeposit', 2, 3, null],
        ['depositClosed', 3, 4, 'stored'],
        ['pickupWithPin', 4, 5, null],
        ['pickupClosed', 5, 7, 'pickedUp'],
        ['archive', 7, 14, null],
      ]);
      const changes = heard.filter((c) => c.orderId === stored.id);
      // The after of a change is the order as the transaction left it: locker and place joined in.
      expect(changes[1]!.after).toMatchObject({ locker_id: stored.assignedLocker!.id, place_id: placeId });
      expect(changes[3]!.after!.stored_at).toBeTruthy();
      expect(changes[4]!.actor?.id).toBe(screen.id);
      expect(changes[5]!.actor).toBeNull();
      // One change per log row, each with its listener row.
      const logs = (await orderById(ctx.app, admin.token, stored.id)).logs!;
      expect(logs.map((l) => l.action)).toEqual(changes.map((c) => c.action));
      expect((await listenerRows(stored.id)).length).toBe(changes.length);
    });

    it('cancel before deposit, an update and a deletion are announced too', async () => {
      const a = await createOrder(ctx.app, admin.token);
      await callApi(ctx.app, admin.token, API.orders.update, {
        body: {
          updatedAt: await versionOf(ctx.app, 'orders', a.id),
          id: a.id,
          packageId: a.packageId,
          recipientPhone: '911111111',
        },
      });
      await post(API.orders.cancel, { body: { orderId: a.id } });
      expect(of(a.id)).toEqual([
        ['create', null, 1, 'created'],
        ['update', 1, 11, null],
        ['cancelBeforeDeposit', 11, 9, 'canceled'],
      ]);
      expect(heard.find((c) => c.orderId === a.id && c.action === 'update')!.after!.recipient_phone).toBe(
        '911111111',
      );
      const b = await createOrder(ctx.app, admin.token);
      const del = await callApi(ctx.app, admin.token, API.orders.remove, {
        body: { packageId: b.packageId },
      });
      expect(del.status).toBe(200);
      expect(of(b.id)).toEqual([
        ['create', null, 1, 'created'],
        ['delete', 1, null, null],
      ]);
    });

    it("a listener that fails rolls the change back: the order, its log and the other listener's write", async () => {
      const o = await createOrder(ctx.app, admin.token);
      const before = await orderById(ctx.app, admin.token, o.id);
      const rowsBefore = await listenerRows(o.id);
      failing.on = true;
      const res = await get(API.orders.assignLocker, {
        query: { locationId: placeId, size: 'S', packageId: o.packageId },
      });
      expect(res.status).toBe(500);
      failing.on = false;
      const after = await orderById(ctx.app, admin.token, o.id);
      expect(after.state).toBe(1);
      expect(after.logs).toEqual(before.logs);
      expect(after.assignedLocker).toBeNull();
      expect(await listenerRows(o.id)).toEqual(rowsBefore);
      // The locker claimed in the same transaction is free again.
      const free = await ctx.app.db
        .selectFrom('lockers')
        .select('id')
        .where('place_id', '=', placeId)
        .where('status', '=', 0)
        .execute();
      expect(free.length).toBe(6);
    });

    it('a failing listener also refuses a new order: nothing is created', async () => {
      const packageId = newPackageId();
      failing.on = true;
      const res = await post(API.orders.create, { body: { packageId, recipientPhone: '912345678' } });
      expect(res.status).toBe(500);
      failing.on = false;
      const found = await get(API.orders.order, { query: { packageId } });
      expect(found.body.Description).toBe('orderNotExist');
    });

    it('an import announces every created order in one batch', async () => {
      const ids = [newPackageId(), newPackageId(), newPackageId()];
      const file = Buffer.from(
        ['packageId,recipientPhone', ...ids.map((id) => `${id},912345678`)].join('\n'),
      );
      const boundary = '----t' + Math.random().toString(16).slice(2);
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="o.csv"\r\n` +
            'Content-Type: text/csv\r\n\r\n',
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const batches = heard.length;
      // A multipart upload: the file is no typed body, so the request is built from the entry by hand.
      const res = await call<ReplyOf<typeof API.orders.importOrders>>(ctx.app, admin.token, {
        ...apiRequest(API.orders.importOrders, {}),
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.body.Data.created).toBe(3);
      const created = heard.slice(batches);
      expect(created.map((c) => [c.action, c.after?.package_id, c.description])).toEqual(
        ids.map((id) => ['create', id, 'import']),
      );
    });
  },
  {
    setup: (app) => {
      // Registered at start, as modules do: one writes a row of its own, the other may fail.
      app.orderEvents.on('test.recorder', async (tx, changes) => {
        for (const c of changes) {
          heard.push(c);
          await tx
            .insertInto('settings')
            .values({ key: `test.order.${c.orderId}.${heard.length}`, value: c.action, updated_at: c.at })
            .execute();
        }
      });
      app.orderEvents.on('test.failing', async () => {
        if (failing.on) throw new Error('listener refused');
      });
    },
  },
);
