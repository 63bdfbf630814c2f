import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PartnerOrder, Webhook, WebhookCreated, DeliveryList, WebhookList } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { depositExisting, newPackageId } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './helpers/partner-fixtures.js';
import { startReceiver, verifySignature } from './helpers/webhook-receiver.js';

const ORDER_EVENTS = [
  'order.created',
  'order.locker_assigned',
  'order.stored',
  'order.picked_up',
  'order.canceled',
];

/**
 * Partner webhooks against a real HTTP receiver on loopback (issue #24): signatures, at-least-once
 * delivery with retries after a 500, one order's events in order, the delivery log and redeliver,
 * giving up after 24 hours and disabling the endpoint, no redirects, timeouts, locker alerts.
 */
describeEachDb(
  'partner webhooks',
  (ctx) => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let admin: Awaited<ReturnType<typeof signIn>>;
    let key: string;
    let hook: WebhookCreated;
    let placeId: number;
    beforeAll(async () => {
      receiver = await startReceiver();
      admin = await signIn(ctx.app, 'admin');
      key = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora Norte' })).key;
      ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 8, sizes: ['S', 'M', 'L'] }));
      // locker.alert reaches the keys of clients granted the locker's location (ADR 0205).
      await grantPlaces(ctx.app, admin.token, 'Transportadora Norte', [placeId]);
      const res = await call<WebhookCreated>(ctx.app, key, {
        method: 'POST',
        url: '/api/partner/v1/webhooks',
        payload: { url: receiver.url, events: [...ORDER_EVENTS, 'locker.alert'] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      hook = res.body.Data;
    });
    afterAll(async () => receiver?.close());
    const ofOrder = (orderId: number) =>
      receiver.received.filter((r) => (r.json.data.order as PartnerOrder | undefined)?.id === orderId);
    const createdOrder = async () => {
      const res = await call<PartnerOrder>(ctx.app, key, {
        method: 'POST',
        url: '/api/partner/v1/orders',
        payload: { packageId: newPackageId(), recipientPhone: '912345678', recipientNumber: 'PRT-9' },
      });
      return res.body.Data;
    };

    it('registers an endpoint with a secret shown once, listed for the key and for admins', async () => {
      expect(hook).toMatchObject({ url: receiver.url, status: 'active', apiKeyName: 'Transportadora Norte' });
      expect(hook.secret).toMatch(/^whsec_/);
      const mine = await call<WebhookList>(ctx.app, key, { method: 'GET', url: '/api/partner/v1/webhooks' });
      expect(mine.body.Data.webhooks.map((w) => w.id)).toEqual([hook.id]);
      expect(mine.body.Data.webhooks[0]).not.toHaveProperty('secret');
      const all = await call<WebhookList>(ctx.app, admin.token, {
        method: 'GET',
        url: '/api/admin/webhooks',
      });
      expect(all.body.Data.webhooks.map((w) => w.id)).toContain(hook.id);
      const bad = await call(ctx.app, key, {
        method: 'POST',
        url: '/api/partner/v1/webhooks',
        payload: { url: 'ftp://example.com/x', events: ['order.lost'] },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.Data as object).sort()).toEqual(['body.events.0', 'body.url']);
      const noScope = (await createApiKey(ctx.app, admin.token, ['orders:read'])).key;
      const denied = await call(ctx.app, noScope, { method: 'GET', url: '/api/partner/v1/webhooks' });
      expect(denied.status).toBe(403);
      const other = await call(ctx.app, noScope.replace(/.$/, '!'), {
        method: 'GET',
        url: '/api/partner/v1/webhooks',
      });
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

      const log = await call<DeliveryList>(ctx.app, key, {
        method: 'GET',
        url: `/api/partner/v1/webhooks/${hook.id}/deliveries`,
      });
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
      const log = await call<DeliveryList>(ctx.app, admin.token, {
        method: 'GET',
        url: `/api/admin/webhooks/${hook.id}/deliveries?max_results=5`,
      });
      const delivery = log.body.Data.deliveries.find((d) => d.eventId === first.json.id)!;
      const again = await call(ctx.app, key, {
        method: 'POST',
        url: `/api/partner/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`,
      });
      expect(again.status).toBe(200);
      const twice = await waitFor(
        async () => (ofOrder(order.id).length >= 2 ? ofOrder(order.id) : null),
        10_000,
      );
      expect(twice[1]!.json.id).toBe(first.json.id);
      const foreign = await call(
        ctx.app,
        (await createApiKey(ctx.app, admin.token, ['webhooks:manage'])).key,
        {
          method: 'POST',
          url: `/api/partner/v1/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`,
        },
      );
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
      const redirected = await waitFor(async () => {
        const row = await rows();
        return row.attempts > 0 ? row : null;
      }, 10_000);
      expect(redirected).toMatchObject({
        status: 'pending',
        response_code: 302,
        error: 'redirect not followed',
      });
      expect(
        receiver.received.filter(
          (r) => r.json.data.order && (r.json.data.order as PartnerOrder).id === order.id,
        ),
      ).toHaveLength(redirected.attempts);
      receiver.answerWith(() => new Promise((resolve) => setTimeout(() => resolve(200), 3000)));
      const slow = await waitFor(async () => {
        const row = await rows();
        return row.error?.startsWith('timed out') ? row : null;
      }, 10_000);
      expect(slow.status).toBe('pending');
      receiver.answerWith(() => 200);
      await waitFor(async () => ((await rows()).status === 'delivered' ? true : null), 15_000);
    });

    it('sends an order’s events only to endpoints whose key sees the order', async () => {
      const storeKey = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { companyId: 'Loja Chiado' }))
        .key;
      const storeHook = await call<WebhookCreated>(ctx.app, storeKey, {
        method: 'POST',
        url: '/api/partner/v1/webhooks',
        payload: { url: `${receiver.url}?store`, events: ['order.created'] },
      });
      const network = await createdOrder();
      const own = await call<PartnerOrder>(ctx.app, storeKey, {
        method: 'POST',
        url: '/api/partner/v1/orders',
        payload: { packageId: newPackageId(), recipientPhone: '912345678' },
      });
      await waitFor(async () => ofOrder(own.body.Data.id).length >= 1, 10_000);
      const to = (endpointId: number, orderId: number) =>
        ctx.app.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', endpointId)
          .where('payload', 'like', `%"id":${orderId},%`)
          .execute();
      expect(await to(storeHook.body.Data.id, own.body.Data.id)).toHaveLength(1);
      expect(await to(storeHook.body.Data.id, network.id)).toHaveLength(0);
      // Each key belongs to its client (ADR 0100): the carrier's endpoint hears nothing of the store's order.
      expect(await to(hook.id, network.id)).toHaveLength(1);
      expect(await to(hook.id, own.body.Data.id)).toHaveLength(0);
    });

    it('raises locker.alert when a delivery door is opened without a command', async () => {
      receiver.answerWith(() => 200);
      const before = receiver.received.length;
      ctx.app.devices.simulator!.simulator(placeId)!.openByHand(8);
      const alert = await waitFor(
        async () => receiver.received.slice(before).find((r) => r.json.type === 'locker.alert'),
        10_000,
      );
      expect(alert.json.data).toMatchObject({
        locker: { locationId: placeId, doorNumber: 8 },
        doorStatus: 1,
      });
      ctx.app.devices.simulator!.simulator(placeId)!.closeByHand(8);
    });

    it('marks a delivery failed after 24 hours, disables an endpoint failing that long and tells the admins', async () => {
      const failing = await call<WebhookCreated>(ctx.app, key, {
        method: 'POST',
        url: '/api/partner/v1/webhooks',
        payload: { url: `${receiver.url}?failing`, events: ['order.created'] },
      });
      const id = failing.body.Data.id;
      const notified = await signIn(ctx.app, 'admin');
      await ctx.app.db
        .updateTable('admins')
        .set({ notifiable: 1, phone: '919999999' })
        .where('id', '=', notified.id)
        .execute();
      receiver.answerWith((r) =>
        r.headers['cacifo-signature'] && r.body.includes('"order.created"') ? 503 : 200,
      );
      const order = await createdOrder();
      const row = () =>
        ctx.app.db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('endpoint_id', '=', id)
          .where('payload', 'like', `%"id":${order.id},%`)
          .executeTakeFirstOrThrow();
      await waitFor(async () => ((await row()).attempts > 0 ? true : null), 10_000);
      // As if the receiver had failed since yesterday: the next failure is the last.
      const dayAgo = nowIso(new Date(Date.now() - 25 * 3_600_000));
      await ctx.app.db
        .updateTable('webhook_deliveries')
        .set({ give_up_at: dayAgo })
        .where('endpoint_id', '=', id)
        .execute();
      await ctx.app.db
        .updateTable('webhook_endpoints')
        .set({ failing_since: dayAgo })
        .where('id', '=', id)
        .execute();
      const failed = await waitFor(async () => ((await row()).status === 'failed' ? row() : null), 10_000);
      expect(failed.response_code).toBe(503);
      const endpoint = await call<WebhookList>(ctx.app, admin.token, {
        method: 'GET',
        url: '/api/admin/webhooks',
      });
      expect(endpoint.body.Data.webhooks.find((w) => w.id === id)).toMatchObject({ status: 'disabled' });
      const log = await ctx.app.db.selectFrom('admin_logs').selectAll().where('action', '=', 1011).execute();
      expect(log.map((l) => JSON.parse(l.details!).webhookId)).toContain(id);
      const sms = await ctx.app.db
        .selectFrom('messages')
        .selectAll()
        .where('event', '=', 'staffAlert')
        .execute();
      expect(sms.map((s) => s.recipient)).toContain('919999999');
      // A disabled endpoint gets nothing new; an admin turns it back on.
      await createdOrder();
      const enabled = await call<Webhook>(ctx.app, admin.token, {
        method: 'POST',
        url: `/api/admin/webhooks/${id}/enable`,
      });
      expect(enabled.body.Data).toMatchObject({ status: 'active', failingSince: null });
      const removed = await call(ctx.app, key, { method: 'DELETE', url: `/api/partner/v1/webhooks/${id}` });
      expect(removed.status).toBe(200);
    });

    it('a revoked key’s endpoint reads as inactive (keyRevoked), never "active", and is not re-enabled (issue #33)', async () => {
      const other = await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora Sul' });
      const created = await call<WebhookCreated>(ctx.app, other.key, {
        method: 'POST',
        url: '/api/partner/v1/webhooks',
        payload: { url: `${receiver.url}?revoked`, events: ['order.created'] },
      });
      expect(created.body.Data).toMatchObject({ status: 'active', apiKeyRevokedAt: null });
      const id = created.body.Data.id;
      const revoked = await call(ctx.app, admin.token, {
        method: 'DELETE',
        url: `/api/admin/api-keys/${other.id}`,
      });
      expect(revoked.status).toBe(200);
      const list = await call<WebhookList>(ctx.app, admin.token, {
        method: 'GET',
        url: '/api/admin/webhooks?max_results=100',
      });
      const row = list.body.Data.webhooks.find((w) => w.id === id)!;
      expect(row.status).toBe('keyRevoked');
      expect(row.apiKeyRevokedAt).not.toBeNull();
      // The first key's endpoint still works and reads active.
      expect(list.body.Data.webhooks.find((w) => w.id === hook.id)).toMatchObject({
        status: 'active',
        apiKeyRevokedAt: null,
      });
      const enable = await call(ctx.app, admin.token, {
        method: 'POST',
        url: `/api/admin/webhooks/${id}/enable`,
      });
      expect([enable.status, enable.body.Description]).toEqual([422, 'stateNotAllowed']);
    });

    it('refuses private, loopback and non-https URLs when private addresses are not allowed', async () => {
      const { WebhooksService } = await import('../src/modules/webhooks/webhooks.service.js');
      const strict = new WebhooksService(ctx.app.db, { allowPrivate: false });
      const keyRow = await ctx.app.db
        .selectFrom('api_keys')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      for (const url of [
        'https://127.0.0.1/x',
        'https://localhost/x',
        'https://10.1.2.3/x',
        'https://[::1]/x',
        'https://169.254.169.254/latest/meta-data',
        'https://[::ffff:192.168.0.1]/x',
        'http://example.com/x',
      ]) {
        await expect(
          strict.create({ apiKeyId: keyRow.id }, keyRow.id, { url, events: ['order.created'] }),
          url,
        ).rejects.toMatchObject({
          code: 'webhookUrlRefused',
        });
      }
      const { sendWebhook } = await import('../src/modules/webhooks/webhook-sender.js');
      const before = receiver.received.length;
      const sent = await sendWebhook(
        receiver.url,
        '{}',
        { eventId: 'e', secret: 's' },
        { timeoutMs: 1000, allowPrivate: false },
      );
      expect(sent).toMatchObject({ ok: false, status: null });
      expect(receiver.received.length).toBe(before);
    });
  },
  {
    env: {
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '50',
      // A second: long enough that a loaded CI machine's loopback answer is never taken for a
      // timeout (the attempt lists are exact), short enough for the slow-receiver case (3 s).
      WEBHOOK_TIMEOUT_MS: '1000',
    },
  },
);
