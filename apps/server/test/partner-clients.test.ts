import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type PartnerOrder, type WebhookCreated, type WebhookEvent } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { depositExisting, newPackageId, newPhone } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './helpers/partner-fixtures.js';
import { startReceiver } from './helpers/webhook-receiver.js';

const ORDER_EVENTS: WebhookEvent[] = [
  'order.created',
  'order.locker_assigned',
  'order.stored',
  'order.canceled',
];
const RECIPIENT_FIELDS = ['recipientName', 'recipientPhone', 'recipientEmail'];

/**
 * Every partner key belongs to a client (issue #31, ADR 0100): two carriers at one location each
 * read, cancel and hear of their own parcels only; a key without `orders:read` never gets the
 * recipient's personal data, not even by webhook; keys made before now are given clients of their
 * own by migration 0100 without losing a row. Webhooks go to real HTTP receivers on loopback.
 */
describeEachDb(
  'partner keys confined to their client',
  (ctx) => {
    type Receiver = Awaited<ReturnType<typeof startReceiver>>;
    let admin: Awaited<ReturnType<typeof signIn>>;
    let placeId: number;
    const carrier: Record<'a' | 'b' | 'aHooksOnly', { key: string; hook: WebhookCreated; rx: Receiver }> =
      {} as never;
    beforeAll(async () => {
      admin = await signIn(ctx.app, 'admin');
      ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 8, sizes: ['S', 'M', 'L'] }));
      const keys = {
        a: await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora A' }),
        b: await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora B' }),
        // Carrier A's second key: it may manage webhooks and nothing else.
        aHooksOnly: await createApiKey(ctx.app, admin.token, ['webhooks:manage'], {
          name: 'A: só webhooks',
          companyId: 'Transportadora A',
        }),
      };
      await grantPlaces(ctx.app, admin.token, 'Transportadora A', [placeId]);
      await grantPlaces(ctx.app, admin.token, 'Transportadora B', [placeId]);
      for (const [name, made] of Object.entries(keys)) {
        const rx = await startReceiver();
        const hook = await callApi(ctx.app, made.key, API.partner.createWebhook, {
          body: { url: rx.url, events: ORDER_EVENTS },
        });
        expect(hook.status, JSON.stringify(hook.body)).toBe(200);
        carrier[name as keyof typeof carrier] = { key: made.key, hook: hook.body.Data, rx };
      }
    });
    afterAll(async () => {
      for (const c of Object.values(carrier)) await c.rx?.close();
    });

    const advise = async (key: string, name = 'Ana Sousa') => {
      const res = await callApi(ctx.app, key, API.partner.createOrder, {
        body: {
          packageId: newPackageId(),
          recipientName: name,
          recipientPhone: newPhone(),
          recipientEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
          locationId: placeId,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.Data;
    };
    const eventsOf = (rx: Receiver, orderId: number) =>
      rx.received.filter((r) => (r.json.data.order as PartnerOrder | undefined)?.id === orderId);
    /** Delivery rows queued for an endpoint about an order: what the outbox decided, whatever the timing. */
    const queued = (endpointId: number, orderId: number) =>
      ctx.app.db
        .selectFrom('webhook_deliveries')
        .select(['id', 'payload'])
        .where('endpoint_id', '=', endpointId)
        .where('sequence_key', '=', `order:${orderId}`)
        .execute();

    it("carrier B cannot read or cancel carrier A's parcel: 404, nothing of it in the answer", async () => {
      const a = await advise(carrier.a.key, 'Joana Lopes');
      for (const endpoint of [API.partner.order, API.partner.cancelOrder]) {
        const res = await callApi(ctx.app, carrier.b.key, endpoint, { params: { packageId: a.packageId } });
        expect([res.status, res.body.Description], endpoint.method).toEqual([404, 'orderNotExist']);
        const text = JSON.stringify(res.body);
        for (const leak of [a.recipientName!, a.recipientPhone!, a.recipientEmail!, String(a.id)]) {
          expect(text).not.toContain(leak);
        }
      }
      // A's parcel is untouched, and A still reads and cancels it.
      const mine = await callApi(ctx.app, carrier.a.key, API.partner.order, {
        params: { packageId: a.packageId },
      });
      expect([mine.status, mine.body.Data.state, mine.body.Data.recipientName]).toEqual([
        200,
        1,
        'Joana Lopes',
      ]);
      const cancelled = await callApi(ctx.app, carrier.a.key, API.partner.cancelOrder, {
        params: { packageId: a.packageId },
      });
      expect([cancelled.status, cancelled.body.Data.state]).toEqual([200, 9]);
      // A store's parcel (another client again) and an operator's (no client) are nobody's to read.
      const store = await signIn(ctx.app, 'store', { company: 'Loja Chiado' });
      for (const token of [store.token, admin.token]) {
        const made = await callApi(ctx.app, token, API.orders.create, {
          body: { packageId: newPackageId(), recipientPhone: newPhone() },
        });
        expect(made.status).toBe(200);
        for (const key of [carrier.a.key, carrier.b.key]) {
          const res = await callApi(ctx.app, key, API.partner.order, {
            params: { packageId: made.body.Data.packageId },
          });
          expect(res.status).toBe(404);
        }
      }
    });

    it("lists: B sees only its own endpoints and cannot open A's delivery log or redeliver from it", async () => {
      const mine = await callApi(ctx.app, carrier.b.key, API.partner.webhooks, {});
      expect(mine.body.Data.webhooks.map((w) => w.id)).toEqual([carrier.b.hook.id]);
      const log = await callApi(ctx.app, carrier.b.key, API.partner.deliveries, {
        params: { id: carrier.a.hook.id },
      });
      expect(log.status).toBe(404);
      const some = await ctx.app.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', carrier.a.hook.id)
        .executeTakeFirstOrThrow();
      const redeliver = await callApi(ctx.app, carrier.b.key, API.partner.redeliver, {
        params: { id: carrier.a.hook.id, deliveryId: some.id },
      });
      expect(redeliver.status).toBe(404);
    });

    it("B's receiver never hears of A's parcels, nor A's of B's", async () => {
      const a = await advise(carrier.a.key);
      await depositExisting(ctx.app, admin.token, placeId, a.id, a.packageId, 'M');
      const b = await advise(carrier.b.key, 'Rui Costa');
      // Each hears its own, in full.
      const aHeard = await waitFor(async () => {
        const got = eventsOf(carrier.a.rx, a.id).map((r) => r.json.type);
        return got.includes('order.stored') ? got : null;
      });
      expect(aHeard).toEqual(['order.created', 'order.locker_assigned', 'order.stored']);
      await waitFor(async () => eventsOf(carrier.b.rx, b.id).length >= 1);
      // The outbox queued nothing across clients, so nothing can ever be sent (not a matter of timing).
      expect(await queued(carrier.b.hook.id, a.id)).toEqual([]);
      expect(await queued(carrier.a.hook.id, b.id)).toEqual([]);
      expect(await queued(carrier.aHooksOnly.hook.id, b.id)).toEqual([]);
      // And what did arrive: not one body of B's receiver names A's parcel or recipient.
      for (const r of carrier.b.rx.received) {
        expect(r.body).not.toContain(a.packageId);
        expect(r.body).not.toContain(a.recipientPhone!);
      }
      for (const r of carrier.a.rx.received) expect(r.body).not.toContain(b.packageId);
    });

    it("a webhooks-only key's events carry no recipient data; the orders:read key's same event does", async () => {
      const a = await advise(carrier.a.key, 'Marta Reis');
      const bare = await waitFor(async () => eventsOf(carrier.aHooksOnly.rx, a.id)[0]);
      const full = await waitFor(async () => eventsOf(carrier.a.rx, a.id)[0]);
      expect(bare.json.id).toBe(full.json.id);
      const bareOrder = bare.json.data.order as Record<string, unknown>;
      for (const f of RECIPIENT_FIELDS) expect(bareOrder, f).not.toHaveProperty(f);
      expect(bareOrder).toMatchObject({ id: a.id, packageId: a.packageId, companyId: 'Transportadora A' });
      for (const value of [a.recipientName!, a.recipientPhone!, a.recipientEmail!]) {
        expect(bare.body).not.toContain(value);
      }
      expect(full.json.data.order).toMatchObject({
        recipientName: 'Marta Reis',
        recipientPhone: a.recipientPhone,
        recipientEmail: a.recipientEmail,
      });
      // The key itself may not read orders at all.
      const read = await callApi(ctx.app, carrier.aHooksOnly.key, API.partner.order, {
        params: { packageId: a.packageId },
      });
      expect(read.status).toBe(403);
      // A write-only key's own replies leave the recipient out too.
      const writer = (
        await createApiKey(ctx.app, admin.token, ['orders:write'], {
          name: 'A: só escrita',
          companyId: 'Transportadora A',
        })
      ).key;
      const made = await advise(writer);
      for (const f of RECIPIENT_FIELDS) expect(made, f).not.toHaveProperty(f);
    });
  },
  {
    env: {
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_POLL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_TIMEOUT_MS: '2000',
    },
  },
);
