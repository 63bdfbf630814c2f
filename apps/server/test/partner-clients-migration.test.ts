import { beforeAll, expect, it, vi } from 'vitest';
import { API, type WebhookEvent } from '@cacifo/contract';
import { up, WITHHELD_BY_0100 } from '../src/db/migrations/0100-partner-key-clients.js';
import { tokenHash } from '../src/lib/secrets.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { newPackageId } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey } from './helpers/partner-fixtures.js';

/**
 * Migration 0100 (issue #31, ADR 0100): keys made before clients existed are each given a client
 * of their own, without losing a row, and running it again changes nothing.
 */
const ORDER_EVENTS: WebhookEvent[] = [
  'order.created',
  'order.locker_assigned',
  'order.stored',
  'order.canceled',
];

describeEachDb(
  'partner keys: migration 0100',
  (ctx) => {
    let admin: Awaited<ReturnType<typeof signIn>>;
    beforeAll(async () => {
      admin = await signIn(ctx.app, 'admin');
      // A client that exists before the migration runs: a legacy key named like it must not join it.
      await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora B' });
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
      const mine = await callApi(ctx.app, secret, API.partner.order, {
        params: { packageId: own.package_id },
      });
      expect([mine.status, mine.body.Data.companyId]).toEqual([200, 'Estafetas Antigos']);
      for (const other of [operators, storeOrder]) {
        const res = await callApi(ctx.app, secret, API.partner.order, {
          params: { packageId: other.package_id },
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
      const redeliver = await callApi(ctx.app, admin.token, API.webhooks.redeliver, {
        params: { id: legacyHook, deliveryId: foreignPending },
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
