import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import { API, type CreateEmployeeRequest } from '@cacifo/contract';
import { apiRequest, call, callApi, describeEachDb, login, signIn } from './helpers/test-app.js';

let n = 0;
const employee = (extra: Partial<CreateEmployeeRequest> = {}): CreateEmployeeRequest => ({
  name: 'Joana Loja',
  username: `joana${++n}_${Date.now() % 100000}`,
  password: 'segredo1',
  confirmPassword: 'segredo1',
  ...extra,
});

describeEachDb('Employees', (ctx) => {
  it("a store manages its own store's employees only; another store's read as not found", async () => {
    const a = await signIn(ctx.app, 'store', { company: 'Loja A' });
    const b = await signIn(ctx.app, 'store', { company: 'Loja B' });
    const mine = await callApi(ctx.app, a.token, API.admins.createEmployee, { body: employee() });
    expect(mine.status).toBe(200);
    expect(mine.body.Data).toMatchObject({ role: 'store', kind: 'employee', company: 'Loja A' });
    const theirs = await callApi(ctx.app, b.token, API.admins.createEmployee, { body: employee() });

    const listA = await callApi(ctx.app, a.token, API.admins.employees, { query: { company: 'Loja B' } });
    expect(listA.body.Data.accounts.every((e) => e.company === 'Loja A')).toBe(true);
    expect(listA.body.Data.accounts.map((e) => e.id)).toEqual(
      expect.arrayContaining([a.id, mine.body.Data.id]),
    );
    expect(listA.body.Data.accounts.map((e) => e.id)).not.toContain(theirs.body.Data.id);

    const id = theirs.body.Data.id;
    for (const req of [
      apiRequest(API.admins.employee, { params: { id } }),
      apiRequest(API.admins.updateEmployee, {
        params: { id },
        body: { updatedAt: await versionOf(ctx.app, 'admins', id), name: 'X' },
      }),
      apiRequest(API.admins.setEmployeeEnabled, { params: { id }, body: { enabled: false } }),
      apiRequest(API.admins.removeEmployee, { params: { id } }),
    ]) {
      const res = await call(ctx.app, a.token, req);
      expect([res.status, res.body.Description], req.method).toEqual([404, 'notFound']);
    }
    const still = await callApi(ctx.app, b.token, API.admins.employee, { params: { id } });
    expect(still.body.Data).toMatchObject({ name: 'Joana Loja', enabled: true });
  });

  it('a store cannot create in or move to another store', async () => {
    const a = await signIn(ctx.app, 'store', { company: 'Loja C' });
    const create = (body: CreateEmployeeRequest) =>
      callApi(ctx.app, a.token, API.admins.createEmployee, { body });
    const other = await create(employee({ company: 'Loja D' }));
    expect(other.status).toBe(403);
    const mine = await create(employee({ company: 'Loja C' }));
    const move = await callApi(ctx.app, a.token, API.admins.updateEmployee, {
      params: { id: mine.body.Data.id },
      body: { updatedAt: await versionOf(ctx.app, 'admins', mine.body.Data.id), company: 'Loja D' },
    });
    expect(move.status).toBe(403);
  });

  it('an admin manages every store: company required, filter by company, enable, delete (logs 20-22)', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const create = (body: CreateEmployeeRequest) =>
      callApi(ctx.app, admin.token, API.admins.createEmployee, { body });
    const noCompany = await create(employee());
    expect([noCompany.status, noCompany.body.Data]).toEqual([400, { 'body.company': 'validation.required' }]);
    const body = employee({ company: 'Loja E', pin: '3131' });
    const created = await create(body);
    const id = created.body.Data.id;
    const list = await callApi(ctx.app, admin.token, API.admins.employees, { query: { company: 'Loja E' } });
    expect(list.body.Data.accounts.map((e) => e.id)).toEqual([id]);
    const moved = await callApi(ctx.app, admin.token, API.admins.updateEmployee, {
      params: { id },
      body: { updatedAt: await versionOf(ctx.app, 'admins', id), company: 'Loja F' },
    });
    expect(moved.body.Data.company).toBe('Loja F');
    const token = (await login(ctx.app, body.username)).access_token;
    await callApi(ctx.app, admin.token, API.admins.setEmployeeEnabled, {
      params: { id },
      body: { enabled: false },
    });
    expect((await callApi(ctx.app, token, API.admins.employees, {})).status).toBe(401);
    expect((await callApi(ctx.app, admin.token, API.admins.removeEmployee, { params: { id } })).status).toBe(
      200,
    );
    const actions = await ctx.app.db
      .selectFrom('admin_logs')
      .select('action')
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([20, 21, 21, 22]);
    // A staff account is not an employee.
    expect(
      (await callApi(ctx.app, admin.token, API.admins.employee, { params: { id: admin.id } })).status,
    ).toBe(404);
  });

  it('a store cannot delete or disable itself; editors and couriers are kept out', async () => {
    const a = await signIn(ctx.app, 'store', { company: 'Loja G' });
    const self = await callApi(ctx.app, a.token, API.admins.removeEmployee, { params: { id: a.id } });
    expect([self.status, self.body.Description]).toEqual([422, 'ownAccount']);
    for (const role of ['editor', 'courier'] as const) {
      const s = await signIn(ctx.app, role);
      expect((await callApi(ctx.app, s.token, API.admins.employees, {})).status).toBe(403);
      expect(
        (await callApi(ctx.app, s.token, API.admins.createEmployee, { body: employee({ company: 'X' }) }))
          .status,
      ).toBe(403);
    }
  });

  it("a client's admin edits, disables, enables and deletes its own people, each logged as its act", async () => {
    const a = await signIn(ctx.app, 'store', { company: 'Loja H' });
    const body = employee();
    const made = await callApi(ctx.app, a.token, API.admins.createEmployee, { body });
    const id = made.body.Data.id;
    // The person it made signs in and is one of the client's own: it sees the client's people.
    const theirs = (await login(ctx.app, body.username)).access_token;
    const seen = await callApi(ctx.app, theirs, API.admins.employees, {});
    expect(seen.body.Data.accounts.map((e) => e.id)).toEqual(expect.arrayContaining([a.id, id]));
    expect(seen.body.Data.accounts.every((e) => e.company === 'Loja H')).toBe(true);

    const edited = await callApi(ctx.app, a.token, API.admins.updateEmployee, {
      params: { id },
      body: { updatedAt: await versionOf(ctx.app, 'admins', id), name: 'Joana Balcão', pin: '4242' },
    });
    expect([edited.status, edited.body.Data.name, edited.body.Data.company]).toEqual([
      200,
      'Joana Balcão',
      'Loja H',
    ]);
    const enabled = (on: boolean) =>
      callApi(ctx.app, a.token, API.admins.setEmployeeEnabled, { params: { id }, body: { enabled: on } });
    expect((await enabled(false)).body.Data.enabled).toBe(false);
    // Disabled: its session ends and it cannot sign in again.
    expect((await callApi(ctx.app, theirs, API.admins.employees, {})).status).toBe(401);
    await expect(login(ctx.app, body.username)).rejects.toThrow();
    expect((await enabled(true)).body.Data.enabled).toBe(true);
    expect((await login(ctx.app, body.username)).access_token).toBeTruthy();
    const gone = await callApi(ctx.app, a.token, API.admins.removeEmployee, { params: { id } });
    expect(gone.status).toBe(200);
    expect((await callApi(ctx.app, a.token, API.admins.employee, { params: { id } })).status).toBe(404);

    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select(['action', 'admin_id'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([20, 21, 21, 21, 22].map((action) => ({ action, admin_id: a.id })));
  });
});
