import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type PartnerOrder } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { waitFor } from './helpers/fixtures.js';
import { newPackageId } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey } from './helpers/partner-fixtures.js';
import { carrierWithWebhook, preAdvisedOrder, WEBHOOK_TEST_ENV } from './helpers/partner-webhooks.js';

/**
 * Partner webhook endpoints (issue #24): an order's events reach only the keys that see it, locker
 * alerts, giving up after 24 hours and disabling the endpoint, a revoked key's endpoint, refused URLs.
 */
describeEachDb(
  'partner webhook endpoints',
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

    it('sends an order’s events only to endpoints whose key sees the order', async () => {
      const storeKey = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { companyId: 'Loja Chiado' }))
        .key;
      const storeHook = await callApi(ctx.app, storeKey, API.partner.createWebhook, {
        body: { url: `${receiver.url}?store`, events: ['order.created'] },
      });
      const network = await createdOrder();
      const own = await callApi(ctx.app, storeKey, API.partner.createOrder, {
        body: { packageId: newPackageId(), recipientPhone: '912345678' },
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
      const failing = await callApi(ctx.app, key, API.partner.createWebhook, {
        body: { url: `${receiver.url}?failing`, events: ['order.created'] },
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
      const endpoint = await callApi(ctx.app, admin.token, API.webhooks.list, {});
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
      const enabled = await callApi(ctx.app, admin.token, API.webhooks.enable, { params: { id } });
      expect(enabled.body.Data).toMatchObject({ status: 'active', failingSince: null });
      const removed = await callApi(ctx.app, key, API.partner.deleteWebhook, { params: { id } });
      expect(removed.status).toBe(200);
    });

    it('a revoked key’s endpoint reads as inactive (keyRevoked), never "active", and is not re-enabled (issue #33)', async () => {
      const other = await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora Sul' });
      const created = await callApi(ctx.app, other.key, API.partner.createWebhook, {
        body: { url: `${receiver.url}?revoked`, events: ['order.created'] },
      });
      expect(created.body.Data).toMatchObject({ status: 'active', apiKeyRevokedAt: null });
      const id = created.body.Data.id;
      const revoked = await callApi(ctx.app, admin.token, API.apiKeys.revoke, { params: { id: other.id } });
      expect(revoked.status).toBe(200);
      const list = await callApi(ctx.app, admin.token, API.webhooks.list, { query: { max_results: 100 } });
      const row = list.body.Data.webhooks.find((w) => w.id === id)!;
      expect(row.status).toBe('keyRevoked');
      expect(row.apiKeyRevokedAt).not.toBeNull();
      // The first key's endpoint still works and reads active.
      expect(list.body.Data.webhooks.find((w) => w.id === hook.id)).toMatchObject({
        status: 'active',
        apiKeyRevokedAt: null,
      });
      const enable = await callApi(ctx.app, admin.token, API.webhooks.enable, { params: { id } });
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
  { env: WEBHOOK_TEST_ENV },
);
