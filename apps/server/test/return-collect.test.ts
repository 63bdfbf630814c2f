import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API,
  type PartnerOrder,
  type ReturnDropoff,
  type WebhookCreated,
  type CallInput,
  type Endpoint,
  type WebhookEvent,
} from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { closeDoor, depositOrder, newPackageId, waitForState } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './helpers/partner-fixtures.js';
import { startReceiver } from './helpers/webhook-receiver.js';

/**
 * Collecting returns dropped off at a delivery wall (issue #33, docs/adr/0180 addendum): the
 * carrier's courier, with the code of the day, sees its client's dropped-off returns at this wall
 * and opens their doors in the same round; an operator opens one from the return list. Closing the
 * door records the return collected (state 20, order log `collectReturn` then `returnClosed`), frees
 * the locker, and the client's endpoint (its only) hears `return.collected` at a real receiver.
 */
describeEachDb(
  'collecting dropped-off returns',
  (ctx) => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let admin: Awaited<ReturnType<typeof signIn>>;
    let screen: Awaited<ReturnType<typeof signIn>>;
    let key: string;
    let otherKey: string;
    let hook: WebhookCreated;
    let otherHook: WebhookCreated;
    let placeId: number;
    let accessCode: string;
    const mine: ReturnDropoff[] = [];
    let theirs: ReturnDropoff;
    beforeAll(async () => {
      receiver = await startReceiver();
      admin = await signIn(ctx.app, 'admin');
      screen = await signIn(ctx.app, 'screen');
      key = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Recolhas Norte' })).key;
      otherKey = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Recolhas Sul' })).key;
      ({ placeId } = await createPlace(ctx.app, {
        type: 'DELIVERY',
        doors: 6,
        sizes: ['S', 'S', 'S', 'S', 'S', 'S'],
      }));
      await grantPlaces(ctx.app, admin.token, 'Recolhas Norte', [placeId]);
      await grantPlaces(ctx.app, admin.token, 'Recolhas Sul', [placeId]);
      await ctx.app.db
        .insertInto('kiosk_screens')
        .values({ admin_id: screen.id, place_id: placeId, created_at: new Date().toISOString() })
        .execute();
      const events: WebhookEvent[] = ['return.dropped_off', 'return.collected'];
      for (const [token, url] of [
        [key, receiver.url],
        [otherKey, `${receiver.url}?other`],
      ] as const) {
        const made = await callApi(ctx.app, token, API.partner.createWebhook, { body: { url, events } });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        if (token === key) hook = made.body.Data;
        else otherHook = made.body.Data;
      }
      const codes = (await callApi(ctx.app, key, API.partner.courierCodes, {})).body.Data;
      accessCode = codes.codes.find((c) => c.locationId === placeId)!.code;
      // Two returns of this client and one of the other client, dropped off and stored here.
      for (const token of [key, key, otherKey]) {
        const advised = await callApi(ctx.app, token, API.partner.createReturn, {
          body: { packageId: newPackageId(), size: 'S', recipientNumber: 'RMA-7', locationId: placeId },
        });
        const opened = await callApi(ctx.app, screen.token, API.carrierKiosk.returnDropoff, {
          body: { returnCode: advised.body.Data.returnCode },
        });
        expect(opened.status, JSON.stringify(opened.body)).toBe(200);
        await ctx.app.devices.events.drain();
        closeDoor(ctx.app, placeId, opened.body.Data.doorNumber);
        await waitForState(ctx.app, admin.token, advised.body.Data.id, 4);
        if (token === key) mine.push(opened.body.Data);
        else theirs = opened.body.Data;
      }
    });
    afterAll(async () => receiver?.close());

    const carrier = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
      callApi(ctx.app, screen.token, endpoint, input);
    const orderOf = async (packageId: string) =>
      (await callApi(ctx.app, admin.token, API.orders.order, { query: { packageId } })).body.Data;
    const heard = (orderId: number) =>
      waitFor(async () => {
        const got = receiver.received.filter(
          (r) =>
            r.json.type === 'return.collected' &&
            (r.json.data.order as PartnerOrder | undefined)?.id === orderId &&
            r.answered === 200,
        );
        return got.length > 0 ? got : null;
      }, 15_000);

    it("the code of the day lists its client's dropped-off returns here, with their doors, and no one else's", async () => {
      const list = await carrier(API.carrierKiosk.parcels, { body: { accessCode } });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.Data.returns).toEqual(
        mine.map((r) => ({ packageId: r.packageId, recipientNumber: 'RMA-7', doorNumber: r.doorNumber })),
      );
      // Another client's return at this wall is not this courier's to open.
      const refused = await carrier(API.carrierKiosk.collectReturn, {
        body: {
          accessCode,
          packageId: theirs.packageId,
        },
      });
      expect([refused.status, refused.body.Description]).toEqual([404, 'orderNotExist']);
      const wrong = await carrier(API.carrierKiosk.collectReturn, {
        body: {
          accessCode: accessCode === '00000000' ? '11111111' : '00000000',
          packageId: mine[0]!.packageId,
        },
      });
      expect([wrong.status, wrong.body.Description]).toEqual([422, 'wrongPin']);
      expect((await orderOf(theirs.packageId)).state).toBe(4);
    });

    it('the courier opens a return’s door; closing it records it collected and the carrier hears it', async () => {
      const [first] = mine;
      const opened = await carrier(API.carrierKiosk.collectReturn, {
        body: {
          accessCode,
          packageId: first!.packageId.toLowerCase(),
        },
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body.Data).toMatchObject({ packageId: first!.packageId, doorNumber: first!.doorNumber });
      expect(opened.body.Data.state).toBe(19);
      await ctx.app.devices.events.drain();
      closeDoor(ctx.app, placeId, first!.doorNumber);
      const order = await orderOf(first!.packageId);
      const done = await waitForState(ctx.app, admin.token, order.id, 20);
      expect(done.logs!.slice(-2).map((l) => [l.action, l.adminName])).toEqual([
        ['collectReturn', 'Recolhas Norte (estafeta)'],
        ['returnClosed', 'system'],
      ]);
      const locker = await ctx.app.db
        .selectFrom('lockers')
        .select('status')
        .where('place_id', '=', placeId)
        .where('door_number', '=', first!.doorNumber)
        .executeTakeFirstOrThrow();
      expect(locker.status).toBe(0);
      const [event] = await heard(order.id);
      expect(event!.json.data).toMatchObject({ order: { id: order.id, state: 20 }, previousState: 19 });
      const queued = await ctx.app.db
        .selectFrom('webhook_deliveries')
        .select('endpoint_id')
        .where('type', '=', 'return.collected')
        .execute();
      expect(new Set(queued.map((d) => d.endpoint_id))).toEqual(new Set([hook.id]));
      // Collected once: the list no longer holds it, and its door does not open again.
      const list = await carrier(API.carrierKiosk.parcels, { body: { accessCode } });
      expect(list.body.Data.returns.map((r) => r.packageId)).toEqual([mine[1]!.packageId]);
      const again = await carrier(API.carrierKiosk.collectReturn, {
        body: {
          accessCode,
          packageId: first!.packageId,
        },
      });
      expect([again.status, again.body.Description]).toEqual([404, 'orderNotExist']);
    });

    it('an operator opens a dropped-off return from the return list; a parcel to pick up is refused', async () => {
      const returns = (
        await callApi(ctx.app, admin.token, API.notifications.returns, { query: { locationId: placeId } })
      ).body.Data.returns;
      expect(returns.map((r) => [r.packageId, r.state]).sort()).toEqual(
        [
          [mine[1]!.packageId, 4],
          [theirs.packageId, 4],
        ].sort(),
      );
      const row = returns.find((r) => r.packageId === theirs.packageId)!;
      const opened = await callApi(ctx.app, admin.token, API.notifications.openForReturn, {
        body: { orderId: row.orderId },
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      await ctx.app.devices.events.drain();
      closeDoor(ctx.app, placeId, row.doorNumber);
      const done = await waitForState(ctx.app, admin.token, row.orderId, 20);
      expect(done.logs!.slice(-2).map((l) => l.action)).toEqual(['collectReturn', 'returnClosed']);
      // Its own client heard it, and only that client's endpoint was queued it.
      const [event] = await heard(row.orderId);
      expect(event!.json.data).toMatchObject({ order: { id: row.orderId, state: 20 } });
      const queued = await ctx.app.db
        .selectFrom('webhook_deliveries')
        .select('endpoint_id')
        .where('type', '=', 'return.collected')
        .execute();
      expect(queued.map((d) => d.endpoint_id).sort()).toEqual([hook.id, otherHook.id].sort());

      // A parcel waiting for its recipient is no return to collect.
      const parcel = await depositOrder(ctx.app, admin.token, placeId, 'S');
      const refused = await callApi(ctx.app, admin.token, API.notifications.openForReturn, {
        body: { orderId: parcel.id },
      });
      expect([refused.status, refused.body.Description]).toEqual([422, 'stateNotAllowed']);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '50', WEBHOOK_TIMEOUT_MS: '1000' } },
);
