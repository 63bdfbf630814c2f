import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type PartnerOrder, type WebhookCreated, type WebhookEvent } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { bindScreen, createPlace, waitFor } from './helpers/fixtures.js';
import { closeDoor, lastPickupCode, newPackageId, newPhone, waitForState } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './helpers/partner-fixtures.js';
import { startReceiver, verifySignature } from './helpers/webhook-receiver.js';

/**
 * The webhook events of a parcel's later life (issue #24 with #25's returns): picked up, canceled,
 * expired and returned reach a real receiver signed, each once, in the order's order; an endpoint
 * hears only the events it chose.
 */
describeEachDb(
  'partner webhooks: pickup, cancel, expiry and return',
  (ctx) => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let admin: Awaited<ReturnType<typeof signIn>>;
    let screen: Awaited<ReturnType<typeof signIn>>;
    let key: string;
    let all: WebhookCreated;
    let returnsOnly: WebhookCreated;
    let placeId: number;
    beforeAll(async () => {
      receiver = await startReceiver();
      receiver.answerWith(() => 200);
      admin = await signIn(ctx.app, 'admin');
      screen = await signIn(ctx.app, 'screen');
      key = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora Sul' })).key;
      ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['S'] }));
      await grantPlaces(ctx.app, admin.token, 'Transportadora Sul', [placeId]);
      await bindScreen(ctx.app, screen.id, placeId);
      const hook = async (events: WebhookEvent[]) => {
        const res = await callApi(ctx.app, key, API.partner.createWebhook, {
          body: { url: `${receiver.url}?events=${events.length}`, events },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.Data;
      };
      all = await hook([
        'order.created',
        'order.locker_assigned',
        'order.stored',
        'order.picked_up',
        'order.canceled',
        'order.expired',
        'order.returned',
      ]);
      returnsOnly = await hook(['order.returned']);
    });
    afterAll(async () => receiver?.close());

    /** An endpoint's deliveries of one order's events, each event once (delivery is at least once). */
    const heard = (orderId: number, hook: WebhookCreated) => {
      const seen = new Set<string>();
      return receiver.received.filter((r) => {
        const mine =
          r.answered === 200 &&
          verifySignature(r.headers['cacifo-signature'] as string, r.body, hook.secret) &&
          (r.json.data.order as PartnerOrder | undefined)?.id === orderId &&
          !seen.has(r.json.id);
        if (mine) seen.add(r.json.id);
        return mine;
      });
    };
    const typesHeard = (orderId: number, hook: WebhookCreated, count: number) =>
      waitFor(async () => {
        const got = heard(orderId, hook);
        return got.length >= count ? got.map((r) => r.json.type) : null;
      }, 15_000);
    /** A parcel the partner pre-advised, deposited by staff; its door closes: stored (4). */
    const stored = async () => {
      const packageId = newPackageId();
      const advised = await callApi(ctx.app, key, API.partner.createOrder, {
        body: {
          packageId,
          recipientPhone: newPhone(),
          recipientNumber: 'PRT-1',
          size: 'S',
          locationId: placeId,
        },
      });
      expect(advised.status, JSON.stringify(advised.body)).toBe(200);
      const id = advised.body.Data.id;
      const assigned = await callApi(ctx.app, admin.token, API.orders.assignLocker, {
        query: { locationId: placeId, size: 'S', packageId },
      });
      expect(assigned.status).toBe(200);
      await callApi(ctx.app, admin.token, API.orders.storePackage, { query: { packageId } });
      await ctx.app.devices.events.drain();
      const door = assigned.body.Data.assignedLocker!.doorNumber;
      closeDoor(ctx.app, placeId, door);
      return { ...(await waitForState(ctx.app, admin.token, id, 4)), door };
    };

    it('picked up with the code at the kiosk: order.picked_up after the stored event', async () => {
      const o = await stored();
      const { pin } = await lastPickupCode(ctx.app, o.id);
      const opened = await callApi(ctx.app, screen.token, API.orders.kioskPickup, { body: { placeId, pin } });
      expect(opened.status).toBe(200);
      await ctx.app.devices.events.drain();
      closeDoor(ctx.app, placeId, o.door);
      await waitForState(ctx.app, admin.token, o.id, 7);
      expect(await typesHeard(o.id, all, 4)).toEqual([
        'order.created',
        'order.locker_assigned',
        'order.stored',
        'order.picked_up',
      ]);
    });

    it('canceled by the partner before deposit: order.canceled', async () => {
      const packageId = newPackageId();
      const advised = await callApi(ctx.app, key, API.partner.createOrder, {
        body: { packageId, recipientPhone: newPhone(), recipientNumber: 'PRT-2' },
      });
      const gone = await callApi(ctx.app, key, API.partner.cancelOrder, { params: { packageId } });
      expect(gone.status).toBe(200);
      expect(await typesHeard(advised.body.Data.id, all, 2)).toEqual(['order.created', 'order.canceled']);
    });

    it('not collected in time: order.expired at the end of the window, order.returned when taken back', async () => {
      const o = await stored();
      await ctx.app.messaging.notices.runOnce(new Date(Date.parse(o.expiresAt!) + 1000).toISOString());
      await waitForState(ctx.app, admin.token, o.id, 18);
      const expired = await waitFor(
        async () => heard(o.id, all).find((r) => r.json.type === 'order.expired'),
        15_000,
      );
      expect(expired.json.data).toMatchObject({ order: { state: 18 }, previousState: 4 });

      const courier = await signIn(ctx.app, 'courier');
      const list = await callApi(ctx.app, courier.token, API.notifications.returns, {
        query: { locationId: placeId },
      });
      expect(list.body.Data.returns.map((r) => r.orderId)).toContain(o.id);
      const open = await callApi(ctx.app, courier.token, API.notifications.openForReturn, {
        body: { orderId: o.id },
      });
      expect(open.status, JSON.stringify(open.body)).toBe(200);
      await ctx.app.devices.events.drain();
      closeDoor(ctx.app, placeId, o.door);
      await waitForState(ctx.app, admin.token, o.id, 20);
      expect(await typesHeard(o.id, all, 5)).toEqual([
        'order.created',
        'order.locker_assigned',
        'order.stored',
        'order.expired',
        'order.returned',
      ]);
      // The endpoint that chose only returns heard only the return, signed with its own secret.
      expect(await typesHeard(o.id, returnsOnly, 1)).toEqual(['order.returned']);
    });
  },
  {
    env: {
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '50',
      // Timeouts are tested in webhooks.test.ts; here a loaded machine must not turn into retries.
      WEBHOOK_TIMEOUT_MS: '5000',
    },
  },
);
