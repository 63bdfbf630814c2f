import { expect, it, describe } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { API, ROLE, can, type AccountRole } from '@cacifo/contract';
import { registerRoutes, defineRoute } from '../src/lib/define-route.js';
import { authPlugin } from '../src/plugins/auth.js';
import { loadConfig, ConfigError } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { call, apiRequest, describeEachDb, signIn } from './helpers/test-app.js';

describeEachDb(
  'permissions and envelope',
  (ctx) => {
    it('lets only the roles of the permission table through (403 otherwise)', async () => {
      const roles: AccountRole[] = [
        'admin',
        'editor',
        'courier',
        'store',
        'cacifo_importer',
        'security',
        'screen',
        'dash',
      ];
      for (const role of roles) {
        const s = await signIn(ctx.app, role);
        const r = await call(ctx.app, s.token, { method: 'GET', url: '/test/admins-manage' });
        if (can(role, 'admins.manage')) {
          expect(r.status, role).toBe(200);
          expect(r.body).toEqual({ ResultCode: 1, Data: { hello: role }, Description: '' });
        } else {
          expect(r.status, role).toBe(403);
          expect(r.body).toEqual({ ResultCode: 0, Data: null, Description: 'forbidden' });
        }
      }
    });

    it('answers 401 sessionExpired to a visitor on a protected route, before validating input', async () => {
      const r = await call(ctx.app, null, { method: 'POST', url: '/test/validated', payload: { n: 'x' } });
      expect(r.status).toBe(401);
      expect(r.body.Description).toBe('sessionExpired');
      const bogus = await call(ctx.app, 'not-a-token', { method: 'GET', url: '/test/admins-manage' });
      expect(bogus.status).toBe(401);
    });

    it('answers invalid input with field errors', async () => {
      const s = await signIn(ctx.app, 'admin');
      const r = await call(ctx.app, s.token, { method: 'POST', url: '/test/validated', payload: { n: 'x' } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        ResultCode: 0,
        Description: 'invalidInput',
        Data: { 'body.n': expect.any(String) },
      });
    });

    it('wraps unknown routes and thrown errors in the envelope without leaking detail', async () => {
      // A path no endpoint has, on purpose.
      // eslint-disable-next-line no-restricted-syntax -- a path no endpoint has, on purpose.
      const nf = await call(ctx.app, null, { method: 'GET', url: '/api/does-not-exist' });
      expect(nf.status).toBe(404);
      expect(nf.body).toEqual({ ResultCode: 0, Data: null, Description: 'routeNotFound' });
      const post = await call(ctx.app, null, { method: 'DELETE', url: '/nothing/here' });
      expect(post.status).toBe(404);
      expect(post.body.Description).toBe('routeNotFound');
      const s = await signIn(ctx.app, 'admin');
      const boom = await call(ctx.app, s.token, { method: 'GET', url: '/test/boom' });
      expect(boom.status).toBe(500);
      expect(boom.body).toEqual({ ResultCode: 0, Data: null, Description: 'internalError' });
      expect(boom.raw.body).not.toContain('secret detail');
    });

    it('answers malformed JSON with the envelope', async () => {
      const s = await signIn(ctx.app, 'admin');
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/test/validated',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
        payload: '{"n":',
      });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ ResultCode: 0, Data: null, Description: 'invalidRequest' });
    });

    it('lists every route with its permission in the route table', () => {
      const table = ctx.app.routeTable;
      expect(table).toContainEqual(
        expect.objectContaining({ method: 'POST', url: '/oauth/v2/token', permission: 'public' }),
      );
      expect(table).toContainEqual(
        // eslint-disable-next-line no-restricted-syntax -- the route table as registered, asserted as written.
        expect.objectContaining({ method: 'GET', url: '/api/search/bookmarks/data', permission: 'session' }),
      );
      expect(table.every((r) => typeof r.permission === 'string')).toBe(true);
    });

    it('sends security headers', async () => {
      const r = await ctx.app.inject(apiRequest(API.shell.health, {}));
      expect(r.headers['content-security-policy']).toContain("default-src 'self'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      // On refusals and unknown paths too, with the policy as configured (built once at start).
      // A refused call (no token) and a path no endpoint has.
      // eslint-disable-next-line no-restricted-syntax -- a path no endpoint has, on purpose.
      for (const url of [API.office.users.path, '/api/no-such-route']) {
        const other = await ctx.app.inject({ method: 'GET', url });
        expect(other.statusCode).toBeGreaterThanOrEqual(400);
        expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
    });

    it('serves a page at / and deep links even without a web build', async () => {
      const r = await ctx.app.inject({ method: 'GET', url: '/orders/details/7' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
    });
  },
  {
    setup(app) {
      registerRoutes(app, [
        defineRoute({
          method: 'GET',
          url: '/test/admins-manage',
          permission: 'admins.manage',
          handler: ({ account }) => ({ hello: account!.role }),
        }),
        defineRoute({
          method: 'POST',
          url: '/test/validated',
          permission: 'admins.manage',
          body: z.object({ n: z.number() }),
          handler: ({ body }) => body,
        }),
        defineRoute({
          method: 'GET',
          url: '/test/boom',
          permission: 'admins.manage',
          handler: () => {
            throw new Error('secret detail');
          },
        }),
      ]);
    },
  },
);

describe('route registration', () => {
  it('refuses a route without a permission', async () => {
    const app = Fastify();
    app.decorate('db', {} as never);
    await app.register(authPlugin);
    expect(() => app.get('/naked', async () => 'x')).toThrow(/no permission/);
    await app.close();
  });
});

describe('configuration', () => {
  it('reads defaults', () => {
    const c = loadConfig({}, '/srv');
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/srv/data');
    expect(c.modules).toEqual(['office', 'delivery', 'assets', 'marketplace']);
    expect(c.seedDemo).toBe(true);
    expect(c.oauthClientId).toBe('cacifo-web');
    expect(c.databasePoolMax).toBe(10);
  });
  it('sizes the PostgreSQL pool from DATABASE_POOL_MAX', async () => {
    const c = loadConfig({ DATABASE_POOL_MAX: '4', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(c.databasePoolMax).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    // The pool connects on its first query only: building it checks the size it was given.
    const handle = connectDatabase(c);
    expect(handle.pool?.options.max).toBe(4);
    await handle.close();
  });
  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ PORT: 'abc', MODULES: 'office,spaceships', DATABASE_URL: 'mysql://x' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*MODULES|PORT[\s\S]*MODULES[\s\S]*DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'abc' })).toThrow(/ADMIN_PASSWORD: must be 4 to 32/);
  });
  it('turns modules off', () => {
    expect(loadConfig({ MODULES: 'delivery' }).modules).toEqual(['delivery']);
    expect(ROLE.ADMIN).toBe('admin');
  });
});
