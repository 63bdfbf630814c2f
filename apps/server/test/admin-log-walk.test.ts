import { expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ADMIN_LOG_ACTION, PERMISSIONS, allEndpoints } from '@cacifo/contract';
import { AUDIT_EXEMPT } from '../src/lib/audit-trail.js';
import { defineRoute, registerRoutes } from '../src/lib/define-route.js';
import { takeContractViolations } from '../src/lib/reply-contract.js';
import { AppError } from '../src/lib/errors.js';
import { adminCommand } from '../src/modules/admin-logs/admin-command.js';
import { writeAdminLog } from '../src/modules/admin-logs/admin-log.service.js';
import { call, describeEachDb, signIn } from './helpers/test-app.js';

/**
 * Issue #35: every staff write leaves its admin log row. The route layer runs each staff write in an
 * audit trail (lib/audit-trail.ts) and records a contract breach when it succeeds without a row, so
 * every server test that makes a staff write checks that write. This file checks the guard itself,
 * walks the route table for the writes it covers, and checks adminCommand.
 */

// eslint-disable-next-line no-restricted-syntax -- this suite's own routes, registered here: no contract entry has them.
const TEST_ROUTES = '/api/test';

/** Two routes no service owns: one that forgets its log row, one that writes it. */
function testRoutes(app: FastifyInstance) {
  registerRoutes(app, [
    defineRoute({
      method: 'POST',
      url: `${TEST_ROUTES}/forgot`,
      permission: 'session',
      body: z.object({ name: z.string() }),
      handler: async () => ({ saved: true }),
    }),
    defineRoute({
      method: 'POST',
      url: `${TEST_ROUTES}/logged`,
      permission: 'session',
      handler: async ({ account }) => {
        await app.db
          .transaction()
          .execute((tx) => writeAdminLog(tx, { actor: account, action: ADMIN_LOG_ACTION.PROJECT_CREATED }));
        return { saved: true };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${TEST_ROUTES}/refused`,
      permission: 'session',
      handler: async () => {
        throw new AppError('conflict');
      },
    }),
  ]);
}

const writes = allEndpoints().filter((e) => e.method !== 'GET');
/** Staff writes: a session permission some staff role holds (not public, partner or kiosk-only). */
const staffWrites = writes.filter((e) => {
  const rule = PERMISSIONS[e.permission];
  return e.permission !== 'public' && !('scope' in rule) && rule.roles.some((r) => r !== 'screen');
});

it('the route table has staff writes, and every exemption names a real route with its reason', () => {
  expect(staffWrites.length).toBeGreaterThan(80);
  const ids = new Set(allEndpoints().map((e) => e.id));
  for (const [id, reason] of Object.entries(AUDIT_EXEMPT)) {
    expect(ids.has(id) || id.startsWith('POST /api/dev/'), id).toBe(true);
    expect(reason.length, id).toBeGreaterThan(10);
  }
  // An exemption is the exception: most staff writes of the contract are audited.
  const exempt = staffWrites.filter((e) => e.id in AUDIT_EXEMPT);
  expect(exempt.length).toBeLessThan(staffWrites.length / 5);
});

describeEachDb(
  'every staff write leaves its admin log row',
  (ctx) => {
    it('a staff write that succeeds without a row is a breach; with a row, refused, or by a screen, it is not', async () => {
      takeContractViolations();
      const admin = await signIn(ctx.app, 'admin');
      // The routes testRoutes registers are no contract entry: their URLs are written out.
      const forgot = await call(ctx.app, admin.token, {
        method: 'POST',
        url: `${TEST_ROUTES}/forgot`,
        payload: { name: 'x' },
      });
      // The write committed: the caller is told so, and the test that made it fails on the breach.
      expect(forgot.status).toBe(200);
      const found = takeContractViolations();
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(`${TEST_ROUTES}/forgot`);
      expect(found[0]).toContain('left no admin log row');

      const logged = await call(ctx.app, admin.token, { method: 'POST', url: `${TEST_ROUTES}/logged` });
      expect(logged.status).toBe(200);
      const refused = await call(ctx.app, admin.token, { method: 'POST', url: `${TEST_ROUTES}/refused` });
      expect(refused.status).toBe(409);
      const screen = await signIn(ctx.app, 'screen');
      const byScreen = await call(ctx.app, screen.token, {
        method: 'POST',
        url: `${TEST_ROUTES}/forgot`,
        payload: { name: 'x' },
      });
      expect(byScreen.status).toBe(200);
      expect(takeContractViolations()).toEqual([]);
    });

    it('the walk: every staff write of the route table is registered behind the trail', async () => {
      // Each contract write is served (a 404 here would mean a write outside registerRoutes).
      const routes = ctx.app.printRoutes({ commonPrefix: false });
      for (const e of staffWrites) {
        const path = e.path.replace(/\{(\w+)\}/g, ':$1');
        expect(ctx.app.hasRoute({ method: e.method, url: path }), `${e.id} ${path}`).toBe(true);
      }
      expect(routes.length).toBeGreaterThan(0);
    });

    it('adminCommand: the change and its row commit together; a unique index answers as the check would', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const actor = { ...admin, name: 'Walk', role: 'admin' as const, company: null, tokenId: 0 };
      const count = async () =>
        (await ctx.app.db.selectFrom('admin_logs').select('id').where('admin_id', '=', admin.id).execute())
          .length;
      const insert = (name: string) =>
        adminCommand(
          ctx.app.db,
          actor,
          ADMIN_LOG_ACTION.PROJECT_CREATED,
          async (tx) =>
            (
              await tx
                .insertInto('projects')
                .values({ name, description: null, created_at: '2026-01-01', updated_at: '2026-01-01' })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
          {
            log: (projectId) => ({ details: { projectId } }),
            onDuplicate: () => new AppError('conflict', { field: 'name' }),
          },
        );
      const id = await insert('Walk project');
      expect(id).toBeGreaterThan(0);
      expect(await count()).toBe(1);
      const twice = await insert('Walk project').catch((e: unknown) => e);
      expect(twice).toBeInstanceOf(AppError);
      expect((twice as AppError).code).toBe('conflict');
      expect((twice as AppError).data).toEqual({ field: 'name' });
      // Refused: no second project and no row saying there was one.
      expect(await count()).toBe(1);
      const failing = await adminCommand(ctx.app.db, actor, ADMIN_LOG_ACTION.PROJECT_DELETED, async () => {
        throw new AppError('notFound');
      }).catch((e: unknown) => e);
      expect((failing as AppError).code).toBe('notFound');
      expect(await count()).toBe(1);
    });
  },
  { setup: testRoutes },
);
