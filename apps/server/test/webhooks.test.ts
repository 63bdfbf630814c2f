import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type PartnerOrder } from '@cacifo/contract';
import { call, callApi, describeEachDb } from './helpers/test-app.js';
import { waitFor } from './helpers/fixtures.js';
import { depositExisting } from './helpers/order-fixtures.js';
import { createApiKey } from './helpers/partner-fixtures.js';
import { carrierWithWebhook, preAdvisedOrder, WEBHOOK_TEST_ENV } from './helpers/partner-webhooks.js';
import { verifySignature } from './helpers/webhook-receiver.js';

/**
 * Partner webhooks against a real HTTP receiver on loopback (issue #24): signatures, at-least-once
 * delivery with retries after a 500, one order's events in order, the delivery log and redeliver,
 * no redirects, timeouts. Who hears what and failing endpoints: webhooks-endpoints.test.ts.
 */
describeEachDb(
  'partner webhooks',
  (ctx) => {
    type Carrier = Awaited<ReturnType<typeof carrierWithWebhook>>;
    let receiver: Carrier['receiver'];
    let admin: Carrier['admin'];
    let key: string;
    let hook: Carrier['hook'];
    let placeId: number;
    beforeAll(async () => {
      ({ receiver, admin, key, hook, placeId } = await carrierWithWebhook(ctx.app));
    });
    afterAll(async () => receiver?.close());
    const ofOrder = (orderId: number) =>
      receiver.received.filter((r) => (r.json.data.order as PartnerOrder | undefined)?.id === orderId);
    const createdOrder = () => preAdvisedOrder(ctx.app, key);

    it('registers an endpoint with a secret shown once, listed for the key and for admins', async () => {
      expect(hook).toMatchObject({ url: receiver.url, status: 'active', apiKeyName: 'Transportadora Norte' });
      expect(hook.secret).toMatch(/^whsec_/);
      const mine = await callApi(ctx.app, key, API.partner.webhooks, {});
      expect(mine.body.Data.webhooks.map((w) => w.id)).toEqual([hook.id]);
      expect(mine.body.Data.webhooks[0]).not.toHaveProperty('secret');
      const all = await callApi(ctx.app, admin.token, API.webhooks.list, {});
      expect(all.body.Data.webhooks.map((w) => w.id)).toContain(hook.id);
      // An event that is none ('order.lost') is past the types: sent as it is.
      const bad = await call(ctx.app, key, {
        method: 'POST',
        url: API.partner.createWebhook.path,
        payload: { url: 'ftp://example.com/x', events: ['order.lost'] },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.Data as object).sort()).toEqual(['body.events.0', 'body.url']);
      const noScope = (await createApiKey(ctx.app, admin.token, ['orders:read'])).key;
      const denied = await callApi(ctx.app, noScope, API.partner.webhooks, {});
      expect(denied.status).toBe(403);
      const other = await callApi(ctx.app, noScope.replace(/.$/, '!'), API.partner.webhooks, {});
      expect(other.status).toBe(401);
    });

    it('delivers signed events; after a 500 it retries, and one order’s events arrive in order', async () => {
      // The first attempt of this order's first event fails; the events after it must wait for it.
      let failedOnce = false;
      receiver.answerWith((r) => {
        if (!failedOnce && r.json.type === 'order.created') {
          failedOnce = true;
          return 500;
        }
        return 200;
      });
      const advised = await createdOrder();
      const stored = await depositExisting(ctx.app, admin.token, placeId, advised.id, advised.packageId, 'S');
      const got = await waitFor(async () => {
        const mine = ofOrder(stored.id).filter((r) => r.answered === 200);
        return mine.length >= 3 ? mine : null;
      }, 15_000);
      expect(got.map((r) => r.json.type)).toEqual(['order.created', 'order.locker_assigned', 'order.stored']);
      const attempts = ofOrder(stored.id);
      expect(attempts.map((r) => `${r.json.type}:${r.answered}`)).toEqual([
        'order.created:500',
        'order.created:200',
        'order.locker_assigned:200',
        'order.stored:200',
      ]);
      for (const r of attempts) {
        expect(verifySignature(r.headers['cacifo-signature'] as string, r.body, hook.secret)).toBe(true);
        expect(verifySignature(r.headers['cacifo-signature'] as string, r.body, 'whsec_wrong')).toBe(false);
        expect(r.headers['cacifo-event-id']).toBe(r.json.id);
        expect(Object.keys(r.json).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
      }
      // The retry is the same event: same id, same body, so a receiver can deduplicate.
      expect(attempts[0]!.body).toBe(attempts[1]!.body);
      expect(got[2]!.json.data).toMatchObject({
        order: { state: 4, stateName: 'STORED_IN_LOCKER' },
        previousState: 3,
      });

      const log = await callApi(ctx.app, key, API.partner.deliveries, { params: { id: hook.id } });
      const created = log.body.Data.deliveries.find((d) => d.eventId === attempts[0]!.json.id)!;
      expect(created).toMatchObject({
        type: 'order.created',
        status: 'delivered',
        attempts: 2,
        responseCode: 200,
      });
      expect(created.durationMs).toBeGreaterThanOrEqual(0);
    });

    it('redelivers a delivery on request, with the same event id', async () => {
      receiver.answerWith(() => 200);
      const order = await createdOrder();
      const first = await waitFor(async () => ofOrder(order.id)[0], 10_000);
      const log = await callApi(ctx.app, admin.token, API.webhooks.deliveries, {
        params: { id: hook.id },
        query: { max_results: 5 },
      });
      const delivery = log.body.Data.deliveries.find((d) => d.eventId === first.json.id)!;
      const redeliver = (token: string) =>
        callApi(ctx.app, token, API.partner.redeliver, { params: { id: hook.id, deliveryId: delivery.id } });
      const again = await redeliver(key);
      expect(again.status).toBe(200);
      const twice = await waitFor(
        async () => (ofOrder(order.id).length >= 2 ? ofOrder(order.id) : null),
        10_000,
      );
      expect(twice[1]!.json.id).toBe(first.json.id);
      const foreign = await redeliver((await createApiKey(ctx.app, admin.token, ['webhooks:manage'])).key);
      expect(foreign.status).toBe(404);
    });

    it('does not follow redirects, and gives up on a receiver that does not answer in time', async () => {
      receiver.answerWith((r) => (r.json.type === 'order.created' ? 302 : 200));
      const order = await createdOrder();
      const rows = () =>
        ctx.app.db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('endpoint_id', '=', hook.id)
          .where('type', '=', 'order.created')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
      // The receiver sees a request before the worker records its attempt (the outcome is known only
      // from the answer), and the retry follows within ~50 ms: while the row is being read a retry may
      // already have arrived. So wait for a moment when every request the receiver saw is a recorded
      // attempt; a followed redirect or an unrecorded send would keep them apart until the deadline.
      // Both are taken in the probe: a later read of either could see the next retry.
      const { redirected, seen } = await waitFor(async () => {
        const row = await rows();
        const heard = ofOrder(order.id).map((r) => `${r.json.type}:${r.answered}`);
        return row.attempts > 0 && heard.length === row.attempts ? { redirected: row, seen: heard } : null;
      }, 10_000);
      expect(redirected).toMatchObject({
        status: 'pending',
        response_code: 302,
        error: 'redirect not followed',
      });
      expect(seen).toEqual(Array.from({ length: redirected.attempts }, () => 'order.created:302'));
      receiver.answerWith(() => new Promise((resolve) => setTimeout(() => resolve(200), 3000)));
      const slow = await waitFor(async () => {
        const row = await rows();
        return row.error?.startsWith('timed out') ? row : null;
      }, 10_000);
      expect(slow.status).toBe('pending');
      receiver.answerWith(() => 200);
      await waitFor(async () => ((await rows()).status === 'delivered' ? true : null), 15_000);
    });
  },
  { env: WEBHOOK_TEST_ENV },
);
