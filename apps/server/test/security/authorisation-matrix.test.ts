import { expect, it } from 'vitest';
import { can, type AccountRole, type Role } from '@cacifo/contract';
import { describeEachDb, signIn } from '../helpers/test-app.js';
import { apiRoutes, destructiveLast, sampleUrl } from './route-samples.js';

const ACCOUNT_ROLES: AccountRole[] = [
  'admin',
  'editor',
  'courier',
  'store',
  'cacifo_importer',
  'security',
  'screen',
  'dash',
];

/**
 * Generated from the server's own route table: every route, called as every role. Only the roles
 * the contract's permission table allows get past authorisation; the others get 403 (401 for a
 * visitor). The check runs before input validation, so it holds whatever the body.
 */
describeEachDb('authorisation matrix', (ctx) => {
  it('lets through exactly the roles the permission table allows, on every route', async () => {
    const tokens = new Map<Role, string | null>([['visitor', null]]);
    for (const role of ACCOUNT_ROLES)
      tokens.set(role, (await signIn(ctx.app, role, { company: 'Loja Matriz' })).token);
    const routes = destructiveLast(apiRoutes(ctx.app.routeTable));
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const [role, token] of tokens) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: sampleUrl(route.url),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        checked++;
        const allowed = can(role, route.permission, ctx.config.modules);
        // A granted export answers its file (xlsx/csv), not an envelope; every refusal is JSON.
        const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
        if (allowed && !isJson && res.statusCode < 300) continue;
        const body = (isJson ? res.json() : {}) as { ResultCode?: number; Description?: string };
        // The permission layer answers sessionExpired or forbidden; a service may still refuse one
        // object with its own code (a kiosk not bound to a location), which is not a role denial.
        const denied = body.Description === 'sessionExpired' || body.Description === 'forbidden';
        if (allowed && (denied || res.statusCode >= 500))
          failures.push(`${role} ${route.method} ${route.url}: ${res.statusCode} ${body.Description}`);
        if (!allowed && res.statusCode !== (role === 'visitor' ? 401 : 403))
          failures.push(`${role} ${route.method} ${route.url}: expected denial, got ${res.statusCode}`);
        if (typeof body.ResultCode !== 'number' || typeof body.Description !== 'string')
          failures.push(`${role} ${route.method} ${route.url}: not an envelope`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(routes.length * tokens.size);
    console.info(
      `authorisation matrix: ${routes.length} routes x ${tokens.size} roles = ${checked} calls checked`,
    );
  }, 120_000);
});

describeEachDb(
  'modules switched off',
  (ctx) => {
    it('answers moduleDisabled for every route of a disabled module, even to an admin', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const off = apiRoutes(ctx.app.routeTable).filter(
        (r) => r.permission.startsWith('orders.') || r.permission.startsWith('marketplace.'),
      );
      expect(off.length).toBeGreaterThan(0);
      for (const r of off) {
        const res = await ctx.app.inject({
          method: r.method as 'GET',
          url: sampleUrl(r.url),
          headers: { authorization: `Bearer ${admin.token}` },
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
        expect(res.json().Description).toBe('moduleDisabled');
      }
    });
  },
  { env: { MODULES: 'office,assets' } },
);
