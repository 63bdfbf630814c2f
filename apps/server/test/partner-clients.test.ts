import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { DeliveryList, PartnerOrder, WebhookCreated, WebhookList } from '@cacifo/contract';
import { up, WITHHELD_BY_0100 } from '../src/db/migrations/0100-partner-key-clients.js';
import { tokenHash } from '../src/lib/secrets.js';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { depositExisting, newPackageId, newPhone } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './helpers/partner-fixtures.js';
import { startReceiver } from './helpers/webhook-receiver.js';

const ORDER_EVENTS = ['order.created', 'order.locker_assigned', 'order.stored', 'order.canceled'];
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
        const hook = await call<WebhookCreated>(ctx.app, made.key, {
          method: 'POST',
          url: '/api/partner/v1/webhooks',
          payload: { url: rx.url, events: ORDER_EVENTS },
        });
        expect(hook.status, JSON.stringify(hook.body)).toBe(200);
        carrier[name as keyof typeof carrier] = { key: made.key, hook: hook.body.Data, rx };
      }
    });
    afterAll(async () => {
      for (const c of Object.values(carrier)) await c.rx?.close();
    });

    const advise = async (key: string, name = 'Ana Sousa') => {
      const res = await call<PartnerOrder>(ctx.app, key, {
        method: 'POST',
        url: '/api/partner/v1/orders',
        payload: {
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
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await call(ctx.app, carrier.b.key, {
          method,
          url: `/api/partner/v1/orders/${a.packageId}`,
        });
        expect([res.status, res.body.Description], method).toEqual([404, 'orderNotExist']);
        const text = JSON.stringify(res.body);
        for (const leak of [a.recipientName!, a.recipientPhone!, a.recipientEmail!, String(a.id)]) {
          expect(text).not.toContain(leak);
        }
      }
      // A's parcel is untouched, and A still reads and cancels it.
      const mine = await call<PartnerOrder>(ctx.app, carrier.a.key, {
        method: 'GET',
        url: `/api/partner/v1/orders/${a.packageId}`,
      });
      expect([mine.status, mine.body.Data.state, mine.body.Data.recipientName]).toEqual([
        200,
        1,
        'Joana Lopes',
      ]);
      const cancelled = await call<PartnerOrder>(ctx.app, carrier.a.key, {
        method: 'DELETE',
        url: `/api/partner/v1/orders/${a.packageId}`,
      });
      expect([cancelled.status, cancelled.body.Data.state]).toEqual([200, 9]);
      // A store's parcel (another client again) and an operator's (no client) are nobody's to read.
      const store = await signIn(ctx.app, 'store', { company: 'Loja Chiado' });
      for (const token of [store.token, admin.token]) {
        const made = await call<{ packageId: string }>(ctx.app, token, {
          method: 'POST',
          url: '/api/delivery/order',
          payload: { packageId: newPackageId(), recipientPhone: newPhone() },
        });
        expect(made.status).toBe(200);
        for (const key of [carrier.a.key, carrier.b.key]) {
          const res = await call(ctx.app, key, {
            method: 'GET',
            url: `/api/partner/v1/orders/${made.body.Data.packageId}`,
          });
          expect(res.status).toBe(404);
        }
      }
    });

    it("lists: B sees only its own endpoints and cannot open A's delivery log or redeliver from it", async () => {
      const mine = await call<WebhookList>(ctx.app, carrier.b.key, {
        method: 'GET',
        url: '/api/partner/v1/webhooks',
      });
      expect(mine.body.Data.webhooks.map((w) => w.id)).toEqual([carrier.b.hook.id]);
      const log = await call<DeliveryList>(ctx.app, carrier.b.key, {
        method: 'GET',
        url: `/api/partner/v1/webhooks/${carrier.a.hook.id}/deliveries`,
      });
      expect(log.status).toBe(404);
      const some = await ctx.app.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', carrier.a.hook.id)
        .executeTakeFirstOrThrow();
      const redeliver = await call(ctx.app, carrier.b.key, {
        method: 'POST',
        url: `/api/partner/v1/webhooks/${carrier.a.hook.id}/deliveries/${some.id}/redeliver`,
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
      const read = await call(ctx.app, carrier.aHooksOnly.key, {
        method: 'GET',
        url: `/api/partner/v1/orders/${a.packageId}`,
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

    it('migration 0100 gives each key without a client one of its own, losing no row', async () => {
      const db = ctx.app.db;
      const now = new Date().toISOString();
      const secret = `ck_${'m'.repeat(40)}`;
      const oldKey = async (name: string, scopes: string[], hash: string) =>
        (
          await db
            .insertInto('api_keys')
            .values({
              name,
              prefix: hash.slice(0, 11),
              key_hash: hash,
              scopes: JSON.stringify(scopes),
              company: null,
              created_by_name: 'antes',
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const legacy = await oldKey('Estafetas Antigos', ['orders:read', 'orders:write'], tokenHash(secret));
      const hooksOnly = await oldKey('Só webhooks antigo', ['webhooks:manage'], tokenHash(`${secret}w`));
      // A key named like a client that exists: it must not join that client.
      const namesake = await oldKey('Transportadora B', ['orders:read'], tokenHash(`${secret}n`));
      const order = async (company: string | null, apiKeyId: number | null) =>
        await db
          .insertInto('orders')
          .values({
            package_id: newPackageId(),
            recipient_name: 'Cliente Antigo',
            recipient_email: 'antigo@example.com',
            recipient_phone: '934567812',
            recipient_number: '',
            state: 1,
            company,
            api_key_id: apiKeyId,
            created_by_name: 'antes',
            created_at: now,
            updated_at: now,
          })
          .returning(['id', 'package_id'])
          .executeTakeFirstOrThrow();
      const own = await order(null, legacy);
      const hooksOwn = await order(null, hooksOnly);
      const operators = await order(null, null);
      const storeOrder = await order('Loja Chiado', null);
      const endpoint = async (apiKeyId: number) =>
        (
          await db
            .insertInto('webhook_endpoints')
            .values({
              api_key_id: apiKeyId,
              url: 'http://127.0.0.1:9/none',
              events: JSON.stringify(ORDER_EVENTS),
              secret: 'whsec_x',
              created_at: now,
              created_by_name: 'antes',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const legacyHook = await endpoint(legacy);
      const hooksHook = await endpoint(hooksOnly);
      // Queued before the migration, under the old rule; due tomorrow, so the worker leaves them be.
      const later = new Date(Date.now() + 86_400_000).toISOString();
      const delivery = async (endpointId: number, orderId: number, status: 'pending' | 'delivered') =>
        (
          await db
            .insertInto('webhook_deliveries')
            .values({
              endpoint_id: endpointId,
              event_id: `e-${endpointId}-${orderId}`,
              type: 'order.created',
              payload: JSON.stringify({
                id: `e-${endpointId}-${orderId}`,
                type: 'order.created',
                createdAt: now,
                data: {
                  order: {
                    id: orderId,
                    recipientName: 'Cliente Antigo',
                    recipientPhone: '934567812',
                    recipientEmail: 'antigo@example.com',
                  },
                  previousState: null,
                },
              }),
              sequence_key: `order:${orderId}`,
              status,
              next_attempt_at: status === 'pending' ? later : null,
              give_up_at: later,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const foreignPending = await delivery(legacyHook, storeOrder.id, 'pending');
      const foreignDelivered = await delivery(legacyHook, operators.id, 'delivered');
      const ownPending = await delivery(legacyHook, own.id, 'pending');
      const hooksPending = await delivery(hooksHook, hooksOwn.id, 'pending');
      const count = async () =>
        Promise.all(
          (['api_keys', 'orders', 'webhook_endpoints', 'webhook_deliveries'] as const).map(async (t) =>
            Number(
              (
                await db
                  .selectFrom(t)
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          ),
        );
      const before = await count();

      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await up(db);
      warn.mockRestore();

      expect(await count()).toEqual(before);
      const clients = await db
        .selectFrom('api_keys')
        .select(['id', 'company'])
        .where('id', 'in', [legacy, hooksOnly, namesake])
        .orderBy('id')
        .execute();
      expect(clients.map((c) => c.company)).toEqual([
        'Estafetas Antigos',
        'Só webhooks antigo',
        `Transportadora B (API #${namesake})`,
      ]);
      const companyOf = async (id: number) =>
        (await db.selectFrom('orders').select('company').where('id', '=', id).executeTakeFirstOrThrow())
          .company;
      expect(await companyOf(own.id)).toBe('Estafetas Antigos');
      expect(await companyOf(operators.id)).toBeNull();
      expect(await companyOf(storeOrder.id)).toBe('Loja Chiado');

      // The old key reads what it made and nothing else.
      const mine = await call<PartnerOrder>(ctx.app, secret, {
        method: 'GET',
        url: `/api/partner/v1/orders/${own.package_id}`,
      });
      expect([mine.status, mine.body.Data.companyId]).toEqual([200, 'Estafetas Antigos']);
      for (const other of [operators, storeOrder]) {
        const res = await call(ctx.app, secret, {
          method: 'GET',
          url: `/api/partner/v1/orders/${other.package_id}`,
        });
        expect(res.status).toBe(404);
      }

      // The outbox: another client's pending event is withheld (and cannot be redelivered); what was
      // delivered stays as it was; the key's own event stays pending; a key without orders:read loses
      // the recipient's data from its pending body.
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'status', 'error', 'payload'])
        .where('id', 'in', [foreignPending, foreignDelivered, ownPending, hooksPending])
        .orderBy('id')
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(foreignPending)).toMatchObject({ status: 'failed', error: WITHHELD_BY_0100 });
      expect(byId.get(foreignDelivered)!.status).toBe('delivered');
      expect(byId.get(ownPending)).toMatchObject({ status: 'pending', error: null });
      expect(byId.get(ownPending)!.payload).toContain('934567812');
      expect(byId.get(hooksPending)!.status).toBe('pending');
      const stripped = JSON.parse(byId.get(hooksPending)!.payload) as { data: { order: object } };
      expect(stripped.data.order).toEqual({ id: hooksOwn.id });
      const redeliver = await call(ctx.app, admin.token, {
        method: 'POST',
        url: `/api/admin/webhooks/${legacyHook}/deliveries/${foreignPending}/redeliver`,
      });
      expect(redeliver.status).toBe(404);
      // Run twice, it changes nothing more.
      await up(db);
      expect(await count()).toEqual(before);
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
