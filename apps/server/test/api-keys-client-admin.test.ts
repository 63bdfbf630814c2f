import { beforeAll, expect, it } from 'vitest';
import { apiKeysApi, webhooksApi } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';

/**
 * Issue #31: a client's admin (store role) manages its own client's partner keys and webhooks, and
 * nothing of another client's; the operator keeps every client's (ADR 0205). Confinement is the
 * tenant scope's (ADR 0200), so these calls also prove the scope covers keys and their endpoints.
 */
describeEachDb(
  'a client’s admin manages its own keys and webhooks',
  (ctx) => {
    const A = 'Transportes Alfa';
    const B = 'Beta Entregas';
    let admin: Awaited<ReturnType<typeof signIn>>;
    let storeA: Awaited<ReturnType<typeof signIn>>;
    let storeB: Awaited<ReturnType<typeof signIn>>;
    beforeAll(async () => {
      admin = await signIn(ctx.app, 'admin');
      storeA = await signIn(ctx.app, 'store', { company: A });
      storeB = await signIn(ctx.app, 'store', { company: B });
    });
    const keyRows = () => ctx.app.db.selectFrom('api_keys').select(['id', 'company', 'revoked_at']).execute();
    const endpointRows = () =>
      ctx.app.db.selectFrom('webhook_endpoints').select(['id', 'url', 'deleted_at', 'status']).execute();

    it('makes keys for its own client only, in its own spelling, and lists only those', async () => {
      const own = await callApi(ctx.app, storeA.token, apiKeysApi.create, {
        body: { name: 'Alfa integração', scopes: ['orders:read'], companyId: 'transportes alfa ' },
      });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.Data.companyId).toBe(A);
      expect(own.body.Data.key).toMatch(/^ck_/);

      const before = await keyRows();
      const other = await callApi(ctx.app, storeA.token, apiKeysApi.create, {
        body: { name: 'Não é meu', scopes: ['orders:read'], companyId: B },
      });
      expect([other.status, other.body.Description]).toEqual([403, 'forbidden']);
      expect(await keyRows()).toEqual(before);

      const byOperator = await callApi(ctx.app, admin.token, apiKeysApi.create, {
        body: { name: 'Beta pela operadora', scopes: ['orders:read', 'webhooks:manage'], companyId: B },
      });
      expect(byOperator.status).toBe(200);

      // Whatever client it asks for, a store reads its own keys; the operator reads any.
      for (const company of [undefined, B]) {
        const list = await callApi(ctx.app, storeA.token, apiKeysApi.list, {
          query: { company, revoked: 'true' },
        });
        expect(list.status).toBe(200);
        expect(list.body.Data.keys.map((k) => k.companyId)).toEqual([A]);
        expect(list.body.Data.total).toBe(1);
      }
      const listB = await callApi(ctx.app, admin.token, apiKeysApi.list, { query: { company: B } });
      expect(listB.body.Data.keys.map((k) => k.name)).toEqual(['Beta pela operadora']);
    });

    it('neither rotates nor revokes another client’s key, nor touches its webhooks', async () => {
      const keyB = await callApi(ctx.app, storeB.token, apiKeysApi.create, {
        body: { name: 'Beta própria', scopes: ['webhooks:manage'], companyId: B },
      });
      expect(keyB.status).toBe(200);
      const hookB = await callApi(ctx.app, storeB.token, webhooksApi.create, {
        params: { id: keyB.body.Data.id },
        body: { url: 'https://hooks.beta.example/cacifo', events: ['order.created'] },
      });
      expect(hookB.status, JSON.stringify(hookB.body)).toBe(200);
      const id = keyB.body.Data.id;
      const hookId = hookB.body.Data.id;

      const keysBefore = await keyRows();
      const hooksBefore = await endpointRows();
      const refused = [
        await callApi(ctx.app, storeA.token, apiKeysApi.rotate, { params: { id } }),
        await callApi(ctx.app, storeA.token, apiKeysApi.revoke, { params: { id } }),
        await callApi(ctx.app, storeA.token, webhooksApi.create, {
          params: { id },
          body: { url: 'https://hooks.alfa.example/x', events: ['order.created'] },
        }),
        await callApi(ctx.app, storeA.token, webhooksApi.remove, { params: { id: hookId } }),
        await callApi(ctx.app, storeA.token, webhooksApi.enable, { params: { id: hookId } }),
        await callApi(ctx.app, storeA.token, webhooksApi.deliveries, { params: { id: hookId }, query: {} }),
      ];
      expect(refused.map((r) => [r.status, r.body.Description])).toEqual(
        refused.map(() => [404, 'notFound']),
      );
      expect(await keyRows()).toEqual(keysBefore);
      expect(await endpointRows()).toEqual(hooksBefore);

      const hooksA = await callApi(ctx.app, storeA.token, webhooksApi.list, { query: {} });
      expect(hooksA.body.Data.webhooks.map((w) => w.id)).not.toContain(hookId);
      const hooksB = await callApi(ctx.app, storeB.token, webhooksApi.list, { query: {} });
      expect(hooksB.body.Data.webhooks.map((w) => w.id)).toEqual([hookId]);
      const all = await callApi(ctx.app, admin.token, webhooksApi.list, { query: { max_results: 100 } });
      expect(all.body.Data.webhooks.map((w) => w.id)).toContain(hookId);

      // Its own key it rotates and revokes, and each change is in the admin log under its name.
      const rotated = await callApi(ctx.app, storeB.token, apiKeysApi.rotate, { params: { id } });
      expect(rotated.status).toBe(200);
      const revoked = await callApi(ctx.app, storeB.token, apiKeysApi.revoke, { params: { id } });
      expect(revoked.body.Data.revokedAt).not.toBeNull();
      const logged = await ctx.app.db
        .selectFrom('admin_logs')
        .select(['action', 'admin_id'])
        .where('admin_id', '=', storeB.id)
        .execute();
      expect(logged.length).toBeGreaterThanOrEqual(4);
    });

    it('is still refused to roles without the permission', async () => {
      for (const role of ['editor', 'courier', 'security'] as const) {
        const who = await signIn(ctx.app, role, { company: A });
        const res = await callApi(ctx.app, who.token, apiKeysApi.list, { query: {} });
        expect([role, res.status]).toEqual([role, 403]);
      }
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: '1' } },
);
