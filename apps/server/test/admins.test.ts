import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import type { AccountList, AdminAccount } from '@cacifo/contract';
import { insertAccount } from '../src/seed/accounts.js';
import { call, describeEachDb, login, signIn } from './helpers/test-app.js';

let n = 0;
const uniq = (p: string) => `${p}${++n}_${Date.now() % 100000}`;
const newAdmin = (extra: Record<string, unknown> = {}) => ({
  name: 'Ana Silva',
  username: uniq('ana'),
  email: 'ana@cacifo.pt',
  role: 'courier',
  password: 'segredo1',
  confirmPassword: 'segredo1',
  phone: '912345678',
  notifiable: true,
  ...extra,
});

describeEachDb('Admins', (ctx) => {
  const logs = async (action: number, userId: number) =>
    ctx.app.db
      .selectFrom('admin_logs')
      .selectAll()
      .where('action', '=', action)
      .where('user_id', '=', userId)
      .execute();
  const countAdmins = async () =>
    Number(
      (
        await ctx.app.db
          .selectFrom('admins')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a staff account with a PIN, logs 20 in the same go, and it can sign in', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const body = newAdmin({ pin: '4821' });
    const res = await call<AdminAccount>(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/admins',
      payload: body,
    });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      username: body.username,
      role: 'courier',
      kind: 'staff',
      hasPin: true,
      notifiable: true,
      enabled: true,
    });
    expect(JSON.stringify(res.body.Data)).not.toContain('scrypt');
    const [log] = await logs(20, res.body.Data.id);
    expect(log).toMatchObject({ admin_id: admin.id, user_name: 'Ana Silva' });
    await expect(login(ctx.app, body.username, 'segredo1')).resolves.toHaveProperty('access_token');
  });

  it('refuses bad input with field errors and creates nothing', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const before = await countAdmins();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ confirmPassword: 'other' }, 'body.confirmPassword'],
      [{ password: 'abc', confirmPassword: 'abc' }, 'body.password'],
      [{ password: 'x'.repeat(33), confirmPassword: 'x'.repeat(33) }, 'body.password'],
      [{ pin: '123' }, 'body.pin'],
      [{ pin: '12a4' }, 'body.pin'],
      [{ email: 'not-an-email' }, 'body.email'],
      [{ phone: '12345' }, 'body.phone'],
      [{ role: 'store' }, 'body.role'],
      [{ kind: 'screen', role: 'admin' }, 'body.role'],
      [{ username: 'a b' }, 'body.username'],
    ];
    for (const [patch, field] of cases) {
      const res = await call(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/admin/admins',
        payload: newAdmin(patch),
      });
      expect(res.status, field).toBe(400);
      expect(res.body.Description).toBe('invalidInput');
      expect(Object.keys(res.body.Data as object)).toContain(field);
    }
    expect(await countAdmins()).toBe(before);
  });

  it('answers userExists for a taken username and L41 for a PIN another account holds', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const first = newAdmin({ pin: '7001' });
    expect(
      (await call(ctx.app, admin.token, { method: 'POST', url: '/api/admin/admins', payload: first })).status,
    ).toBe(200);
    const dupUser = await call(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/admins',
      payload: newAdmin({ username: first.username.toUpperCase() }),
    });
    expect([dupUser.status, dupUser.body.Description]).toEqual([409, 'userExists']);
    const dupPin = await call(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/admins',
      payload: newAdmin({ pin: '7001' }),
    });
    expect([dupPin.status, dupPin.body.Description]).toEqual([409, 'L41']);
    // An account whose PIN predates its lookup digest (slow hash only) still counts.
    const legacyId = await insertAccount(ctx.app.db, {
      username: uniq('seed'),
      name: 'Seed',
      role: 'editor',
      password: 'segredo1',
      pin: '7002',
    });
    await ctx.app.db.updateTable('admins').set({ pin_lookup: null }).where('id', '=', legacyId).execute();
    const seeded = await call(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/admins',
      payload: newAdmin({ pin: '7002' }),
    });
    expect([seeded.status, seeded.body.Description]).toEqual([409, 'L41']);
  });

  it('creates screen users with the screen-role options and lists them apart', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const body = newAdmin({ kind: 'screen', role: 'screen', name: 'Ecrã Entrada' });
    const res = await call<AdminAccount>(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/admins',
      payload: body,
    });
    expect(res.body.Data.kind).toBe('screen');
    const screens = await call<AccountList>(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/admin/admins?kind=screen&max_results=100',
    });
    expect(screens.body.Data.accounts.every((a) => a.kind === 'screen')).toBe(true);
    expect(screens.body.Data.accounts.map((a) => a.id)).toContain(res.body.Data.id);
    const staff = await call<AccountList>(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/admin/admins?kind=staff&max_results=100',
    });
    expect(staff.body.Data.accounts.map((a) => a.id)).not.toContain(res.body.Data.id);
    const search = await call<AccountList>(ctx.app, admin.token, {
      method: 'GET',
      url: `/api/admin/admins?search=${encodeURIComponent('ecrã entrada')}`,
    });
    expect(search.body.Data.total).toBe(1);
    const paged = await call<AccountList>(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/admin/admins?max_results=1&offset=0',
    });
    expect(paged.body.Data.accounts).toHaveLength(1);
    expect(paged.body.Data.total).toBeGreaterThan(1);
  });

  it('updates an account (log 21), changes its role, and a new password ends its sessions', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const other = await signIn(ctx.app, 'courier');
    const res = await call<AdminAccount>(ctx.app, admin.token, {
      method: 'PUT',
      url: `/api/admin/admins/${other.id}`,
      payload: {
        updatedAt: await versionOf(ctx.app, 'admins', other.id),
        role: 'security',
        phone: '',
        password: 'novaSenha',
        confirmPassword: 'novaSenha',
        pin: '6102',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({ role: 'security', phone: null, hasPin: true });
    expect(await logs(21, other.id)).toHaveLength(1);
    expect((await call(ctx.app, other.token, { method: 'GET', url: '/api/admin/profile' })).status).toBe(401);
    await expect(login(ctx.app, other.username, 'novaSenha')).resolves.toHaveProperty('access_token');
    const wrongRole = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: `/api/admin/admins/${other.id}`,
      payload: { updatedAt: await versionOf(ctx.app, 'admins', other.id), role: 'screen' },
    });
    expect([wrongRole.status, wrongRole.body.Description]).toEqual([400, 'invalidInput']);
    const missing = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/admins/999999',
      payload: { updatedAt: 'x', name: 'X' },
    });
    expect([missing.status, missing.body.Description]).toEqual([404, 'notFound']);
  });

  it('disabling stops the account at once; enabled again, it signs in anew (old tokens stay dead)', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const other = await signIn(ctx.app, 'editor');
    const off = await call<AdminAccount>(ctx.app, admin.token, {
      method: 'POST',
      url: `/api/admin/admins/${other.id}/enabled`,
      payload: { enabled: false },
    });
    expect(off.body.Data.enabled).toBe(false);
    const blocked = await call(ctx.app, other.token, { method: 'GET', url: '/api/admin/admins' });
    expect([blocked.status, blocked.body.Description]).toEqual([401, 'sessionExpired']);
    await call(ctx.app, admin.token, {
      method: 'POST',
      url: `/api/admin/admins/${other.id}/enabled`,
      payload: { enabled: true },
    });
    // Re-enabling revives no token issued before the account was disabled (issue #20).
    expect((await call(ctx.app, other.token, { method: 'GET', url: '/api/admin/admins' })).status).toBe(401);
    const fresh = (await login(ctx.app, other.username, other.password)).access_token;
    expect((await call(ctx.app, fresh, { method: 'GET', url: '/api/admin/admins' })).status).toBe(200);
    const bad = await call(ctx.app, admin.token, {
      method: 'POST',
      url: `/api/admin/admins/${other.id}/enabled`,
      payload: { enabled: 'no' },
    });
    expect(bad.status).toBe(400);
  });

  it('deletes an account (log 22) and refuses to delete, disable or demote oneself', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const other = await signIn(ctx.app, 'courier');
    expect(
      (await call(ctx.app, admin.token, { method: 'DELETE', url: `/api/admin/admins/${other.id}` })).status,
    ).toBe(200);
    expect(await logs(22, other.id)).toHaveLength(1);
    expect(
      (await call(ctx.app, admin.token, { method: 'GET', url: `/api/admin/admins/${other.id}` })).status,
    ).toBe(404);
    expect(
      (await call(ctx.app, admin.token, { method: 'DELETE', url: `/api/admin/admins/${other.id}` })).status,
    ).toBe(404);
    for (const req of [
      { method: 'DELETE' as const, url: `/api/admin/admins/${admin.id}` },
      { method: 'POST' as const, url: `/api/admin/admins/${admin.id}/enabled`, payload: { enabled: false } },
      {
        method: 'PUT' as const,
        url: `/api/admin/admins/${admin.id}`,
        payload: { updatedAt: await versionOf(ctx.app, 'admins', admin.id), role: 'editor' },
      },
    ]) {
      const res = await call(ctx.app, admin.token, req);
      expect([res.status, res.body.Description]).toEqual([422, 'ownAccount']);
    }
  });

  it('an editor sees and edits contact details but cannot create, delete, change roles or secrets', async () => {
    const editor = await signIn(ctx.app, 'editor');
    const courier = await signIn(ctx.app, 'courier');
    const admin = await signIn(ctx.app, 'admin');
    const before = await countAdmins();
    expect((await call(ctx.app, editor.token, { method: 'GET', url: '/api/admin/admins' })).status).toBe(200);
    const create = await call(ctx.app, editor.token, {
      method: 'POST',
      url: '/api/admin/admins',
      payload: newAdmin(),
    });
    expect([create.status, create.body.Description]).toEqual([403, 'forbidden']);
    expect(await countAdmins()).toBe(before);
    const del = await call(ctx.app, editor.token, {
      method: 'DELETE',
      url: `/api/admin/admins/${courier.id}`,
    });
    expect(del.status).toBe(403);
    const ok = await call<AdminAccount>(ctx.app, editor.token, {
      method: 'PUT',
      url: `/api/admin/admins/${courier.id}`,
      payload: { updatedAt: await versionOf(ctx.app, 'admins', courier.id), phone: '933333333' },
    });
    expect(ok.body.Data.phone).toBe('933333333');
    for (const payload of [
      { role: 'admin' },
      { password: 'abcd1', confirmPassword: 'abcd1' },
      { pin: '1111' },
    ]) {
      const res = await call(ctx.app, editor.token, {
        method: 'PUT',
        url: `/api/admin/admins/${courier.id}`,
        payload: { ...payload, updatedAt: await versionOf(ctx.app, 'admins', courier.id) },
      });
      expect(res.status).toBe(403);
    }
    const onAdmin = await call(ctx.app, editor.token, {
      method: 'PUT',
      url: `/api/admin/admins/${admin.id}`,
      payload: { updatedAt: await versionOf(ctx.app, 'admins', admin.id), name: 'X' },
    });
    expect(onAdmin.status).toBe(403);
    const disableAdmin = await call(ctx.app, editor.token, {
      method: 'POST',
      url: `/api/admin/admins/${admin.id}/enabled`,
      payload: { enabled: false },
    });
    expect(disableAdmin.status).toBe(403);
  });

  it('other roles and visitors are kept out', async () => {
    const courier = await signIn(ctx.app, 'courier');
    const store = await signIn(ctx.app, 'store', { company: 'Loja X' });
    expect((await call(ctx.app, courier.token, { method: 'GET', url: '/api/admin/admins' })).status).toBe(
      403,
    );
    expect((await call(ctx.app, store.token, { method: 'GET', url: '/api/admin/admins' })).status).toBe(403);
    expect((await call(ctx.app, null, { method: 'GET', url: '/api/admin/admins' })).status).toBe(401);
  });
  it('two admins saving the same PIN at once: one wins, the other gets L41', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const results = await Promise.all(
      [0, 1].map(() =>
        call(ctx.app, admin.token, {
          method: 'POST',
          url: '/api/admin/admins',
          payload: newAdmin({ pin: '8642' }),
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.Description).toBe('L41');
  });
});
