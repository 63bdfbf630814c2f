import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { API, defineEndpoints, type ApiScope } from '@cacifo/contract';
import { registerRoutes, route } from '../src/lib/define-route.js';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';

// A partner route that exists only in this test: what the key reaches, and who it says it is.
const probe = defineEndpoints('probe', {
  whoami: {
    method: 'GET',
    // eslint-disable-next-line no-restricted-syntax -- this suite's own probe endpoint, registered here.
    path: '/api/partner/v1/test-probe',
    permission: 'partner.orders.read',
    summary: 'Answers the calling key',
    reply: z.object({ id: z.number().int(), company: z.string() }),
  },
});
const PROBE = probe.whoami.path;

/** Partner API keys (issue #24): admin routes, hashed secrets, scopes, revocation, rotation, rate limit. */
describeEachDb(
  'partner API keys',
  (ctx) => {
    let admin: Awaited<ReturnType<typeof signIn>>;
    beforeAll(async () => {
      admin = await signIn(ctx.app, 'admin');
    });
    // Every key belongs to a client (ADR 0100): here, unless said, one named after the key.
    const createKey = async (body: { name: string; scopes: ApiScope[]; companyId?: string }) => {
      const res = await callApi(ctx.app, admin.token, API.apiKeys.create, {
        body: { companyId: body.name, ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.Data;
    };
    const probeWith = (token: string | null) => call(ctx.app, token, { method: 'GET', url: PROBE });

    it('makes a key shown once, stored hashed, listed with its creator, and logged', async () => {
      const made = await createKey({ name: 'Transportadora A', scopes: ['orders:read', 'orders:write'] });
      expect(made.key).toMatch(/^ck_[A-Za-z0-9_-]{40}$/);
      expect(made).toMatchObject({
        name: 'Transportadora A',
        prefix: made.key.slice(0, 11),
        scopes: ['orders:read', 'orders:write'],
        companyId: 'Transportadora A',
        createdBy: 'Test admin',
        lastUsedAt: null,
        revokedAt: null,
      });
      const stored = await ctx.app.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(made.key);
      const list = await callApi(ctx.app, admin.token, API.apiKeys.list, {});
      const listed = list.body.Data.keys.find((k) => k.id === made.id)!;
      expect(listed).not.toHaveProperty('key');
      expect(listed.prefix).toBe(made.prefix);
      const log = await ctx.app.db
        .selectFrom('admin_logs')
        .selectAll()
        .where('action', '=', 1000)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(log.admin_id).toBe(admin.id);
      expect(JSON.parse(log.details!)).toMatchObject({ apiKeyId: made.id, prefix: made.prefix });
      // The operator's client filter (issue #31): that client's keys, and no other's.
      const other = await createKey({ name: 'Transportadora B', scopes: ['orders:read'] });
      const ofA = await callApi(ctx.app, admin.token, API.apiKeys.list, {
        query: { company: 'Transportadora A' },
      });
      expect(ofA.body.Data.keys.map((k) => k.id)).toContain(made.id);
      expect(ofA.body.Data.keys.map((k) => k.id)).not.toContain(other.id);
      expect(ofA.body.Data.keys.every((k) => k.companyId === 'Transportadora A')).toBe(true);
      expect(ofA.body.Data.total).toBe(ofA.body.Data.keys.length);
    });

    it('lets only admins manage keys, and refuses bad input', async () => {
      const editor = await signIn(ctx.app, 'editor');
      const denied = await callApi(ctx.app, editor.token, API.apiKeys.list, {});
      expect(denied.status).toBe(403);
      // A scope that does not exist: the typed body cannot hold it.
      const bad = await call(ctx.app, admin.token, {
        method: 'POST',
        url: API.apiKeys.create.path,
        payload: { name: '', scopes: ['orders:delete'], companyId: 'Loja' },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.Data as object).sort()).toEqual(['body.name', 'body.scopes.0']);
    });

    it('refuses a key without a client, saying so, and makes nothing (ADR 0100)', async () => {
      const before = await ctx.app.db.selectFrom('api_keys').select('id').execute();
      for (const companyId of [undefined, null, '', '   ']) {
        // No client, or an empty one: the typed body requires it.
        const res = await call(ctx.app, admin.token, {
          method: 'POST',
          url: API.apiKeys.create.path,
          payload: {
            name: 'Sem cliente',
            scopes: ['orders:read'],
            ...(companyId === undefined ? {} : { companyId }),
          },
        });
        expect([res.status, res.body.Description], String(companyId)).toEqual([400, 'invalidInput']);
        expect(res.body.Data).toEqual({ 'body.companyId': 'validation.clientRequired' });
      }
      expect(await ctx.app.db.selectFrom('api_keys').select('id').execute()).toHaveLength(before.length);
    });

    it('reaches the partner routes of its scopes, and nothing else', async () => {
      const key = await createKey({ name: 'Loja', scopes: ['orders:read'], companyId: 'Loja Chiado' });
      const ok = await probeWith(key.key);
      expect(ok.status).toBe(200);
      expect(ok.body.Data).toEqual({ id: key.id, company: 'Loja Chiado' });
      // A back-office route, even one its company's store may call: 403.
      const operator = await callApi(ctx.app, key.key, API.orders.list, {});
      expect(operator.status).toBe(403);
      expect(operator.body.Description).toBe('forbidden');
      const admins = await callApi(ctx.app, key.key, API.apiKeys.list, {});
      expect(admins.status).toBe(403);
      // A key without the route's scope: 403.
      const writer = await createKey({ name: 'Só escrita', scopes: ['orders:write'] });
      expect((await probeWith(writer.key)).status).toBe(403);
      // An operator's session on a partner route: 403; nothing, or a wrong key: 401.
      const asOperator = await probeWith(admin.token);
      expect([asOperator.status, asOperator.body.Description]).toEqual([403, 'forbidden']);
      const none = await probeWith(null);
      expect([none.status, none.body.Description]).toEqual([401, 'invalidApiKey']);
      // The last character changed for another (a key that already ends in x stays wrong too).
      const wrong = await probeWith(`${key.key.slice(0, -1)}${key.key.endsWith('x') ? 'y' : 'x'}`);
      expect([wrong.status, wrong.body.Description]).toEqual([401, 'invalidApiKey']);
      const used = await callApi(ctx.app, admin.token, API.apiKeys.list, {});
      expect(used.body.Data.keys.find((k) => k.id === key.id)!.lastUsedAt).not.toBeNull();
    });

    it('revokes: the key answers 401 at once and leaves the list (kept for the record)', async () => {
      const key = await createKey({ name: 'Revogar', scopes: ['orders:read'] });
      expect((await probeWith(key.key)).status).toBe(200);
      const revoked = await callApi(ctx.app, admin.token, API.apiKeys.revoke, { params: { id: key.id } });
      expect(revoked.status).toBe(200);
      expect(revoked.body.Data.revokedAt).not.toBeNull();
      const after = await probeWith(key.key);
      expect([after.status, after.body.Description]).toEqual([401, 'invalidApiKey']);
      const active = await callApi(ctx.app, admin.token, API.apiKeys.list, {});
      expect(active.body.Data.keys.map((k) => k.id)).not.toContain(key.id);
      const all = await callApi(ctx.app, admin.token, API.apiKeys.list, { query: { revoked: 'true' } });
      expect(all.body.Data.keys.map((k) => k.id)).toContain(key.id);
      const missing = await callApi(ctx.app, admin.token, API.apiKeys.revoke, { params: { id: 999999 } });
      expect(missing.status).toBe(404);
      const rotateRevoked = await callApi(ctx.app, admin.token, API.apiKeys.rotate, {
        params: { id: key.id },
      });
      expect(rotateRevoked.status).toBe(422);
    });

    it('rotates: a new secret for the same key, the old one refused at once', async () => {
      const key = await createKey({ name: 'Rodar', scopes: ['orders:read'] });
      const rotated = await callApi(ctx.app, admin.token, API.apiKeys.rotate, { params: { id: key.id } });
      expect(rotated.status).toBe(200);
      expect(rotated.body.Data).toMatchObject({ id: key.id, scopes: ['orders:read'] });
      expect(rotated.body.Data.key).not.toBe(key.key);
      expect(rotated.body.Data.rotatedAt).not.toBeNull();
      expect((await probeWith(key.key)).status).toBe(401);
      expect((await probeWith(rotated.body.Data.key)).status).toBe(200);
    });

    it('limits each key to its requests per minute with 429 and Retry-After; other keys go on', async () => {
      const key = await createKey({ name: 'Apressado', scopes: ['orders:read'] });
      const other = await createKey({ name: 'Calmo', scopes: ['orders:read'] });
      // The window is the clock's minute: start the burst well inside one.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 3000) await new Promise((r) => setTimeout(r, left + 50));
      const replies = await Promise.all(Array.from({ length: 7 }, () => probeWith(key.key)));
      const limited = replies.filter((r) => r.status === 429);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
      expect(limited).toHaveLength(2);
      expect(limited[0]!.body.Description).toBe('rateLimited');
      const wait = Number(limited[0]!.raw.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect((await probeWith(other.key)).status).toBe(200);
    });
  },
  {
    env: { API_KEY_RATE_LIMIT: '5' },
    setup: (app) =>
      registerRoutes(app, [
        route(probe.whoami, ({ apiKey }) => ({ id: apiKey.id, company: apiKey.company })),
      ]),
  },
);
