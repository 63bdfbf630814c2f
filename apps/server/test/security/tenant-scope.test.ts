import { beforeAll, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { API, type Order, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from '../helpers/test-app.js';
import { createOrder } from '../helpers/order-fixtures.js';
import { createApiKey } from '../helpers/partner-fixtures.js';
import { withoutTenantScope, withTenantScope } from '../../src/db/tenant-scope.js';
import { tenantScopeStats, TenantScopeViolation } from '../../src/db/tenant-plugin.js';
import { ordersRepository } from '../../src/modules/orders/orders.repository.js';
import { orderLogsRepository } from '../../src/modules/orders/order-logs.repository.js';
import { apiKeysRepository } from '../../src/modules/api-keys/api-keys.repository.js';
import { adminsRepository } from '../../src/modules/admins/admins.repository.js';

type Signed = Awaited<ReturnType<typeof signIn>>;
const NORTE = 'Loja Norte';
const SUL = 'Loja Sul';

/**
 * Issue #31, ADR 0200: confinement enforced once. Under a client's scope the repositories read,
 * change and delete nothing of another client's orders, logs, counts, keys or accounts (the
 * Kysely plugin, both databases); on PostgreSQL a query that skips the plugin still sees nothing
 * of another client (the row-level security policy alone).
 */
describeEachDb('tenant scope', (ctx) => {
  let admin: Signed;
  let norte: Signed;
  let sul: Signed;
  let norteOrder: Order;
  let sulOrder: Order;
  let sulKeyId: number;
  let norteKey: string;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    norte = await signIn(ctx.app, 'store', { company: NORTE });
    sul = await signIn(ctx.app, 'store', { company: SUL });
    norteOrder = await createOrder(ctx.app, norte.token);
    sulOrder = await createOrder(ctx.app, sul.token);
    norteKey = (await createApiKey(ctx.app, admin.token, ['orders:read'], { companyId: NORTE })).key;
    sulKeyId = (await createApiKey(ctx.app, admin.token, ['orders:read'], { companyId: SUL })).id;
  });
  const db = () => ctx.app.db;
  const companies = (rows: { company: string | null }[]) => [...new Set(rows.map((r) => r.company))];

  it('repositories under a client scope read nothing of another client', async () => {
    // The precompiled lookup is first compiled unscoped: a scoped run must not reuse that form.
    expect(await ordersRepository.findById(db(), sulOrder.id)).toBeDefined();
    await withTenantScope(NORTE, async () => {
      expect(await ordersRepository.findById(db(), sulOrder.id)).toBeUndefined();
      expect((await ordersRepository.findById(db(), norteOrder.id))?.id).toBe(norteOrder.id);
      expect(await ordersRepository.findByPackageId(db(), sulOrder.packageId)).toBeUndefined();
      expect(await ordersRepository.findWithLogs(db(), { id: sulOrder.id })).toBeUndefined();
      expect(await ordersRepository.idsByPackageIdAnyCase(db(), sulOrder.packageId)).toEqual([]);
      expect(await orderLogsRepository.ofOrder(db(), sulOrder.id)).toEqual([]);
      expect(await apiKeysRepository.byId(db(), sulKeyId)).toBeUndefined();
      expect(await adminsRepository.findById(db(), sul.id)).toBeUndefined();
      for (const table of ['orders', 'order_logs', 'order_counts', 'api_keys', 'admins'] as const) {
        const rows = await db().selectFrom(table).select('company').execute();
        expect([table, companies(rows)]).toEqual([table, [NORTE]]);
      }
      // A join and a subquery are narrowed too, whatever the alias.
      const joined = await db()
        .selectFrom('order_logs as lg')
        .leftJoin('orders as o', 'o.id', 'lg.order_id')
        .select(['o.company', 'lg.order_id'])
        .where('lg.order_id', 'in', (eb) => eb.selectFrom('orders as x').select('x.id'))
        .execute();
      expect(companies(joined)).toEqual([NORTE]);
    });
  });

  it('under a client scope another client’s rows are not changed, deleted or written', async () => {
    const sulRow = (await ordersRepository.findById(db(), sulOrder.id))!;
    await withTenantScope(NORTE, async () => {
      const updated = await db()
        .updateTable('orders')
        .set({ recipient_name: 'Mudado' })
        .where('id', '=', sulOrder.id)
        .executeTakeFirst();
      expect(Number(updated.numUpdatedRows)).toBe(0);
      expect(await ordersRepository.delete(db(), sulOrder.id, sulRow.version)).toBe(false);
      expect(await apiKeysRepository.revoke(db(), sulKeyId, new Date().toISOString(), 'x')).toBe(false);
      await db().deleteFrom('admins').where('id', '=', sul.id).execute();
      const own = db().updateTable('orders').set({ company: SUL }).where('id', '=', norteOrder.id);
      await expect(own.execute()).rejects.toBeInstanceOf(TenantScopeViolation);
      const theirs = db()
        .insertInto('order_logs')
        .values({ ...logRow(sulOrder.id), company: SUL });
      await expect(theirs.execute()).rejects.toBeInstanceOf(TenantScopeViolation);
      const none = db().insertInto('order_logs').values(logRow(sulOrder.id));
      await expect(none.execute()).rejects.toBeInstanceOf(TenantScopeViolation);
      // Raw SQL naming an owned table cannot be narrowed: refused, not run.
      await expect(sql`select id from orders`.execute(db())).rejects.toBeInstanceOf(TenantScopeViolation);
      // The escape reads across clients, and only inside it.
      expect(await withoutTenantScope(() => ordersRepository.findById(db(), sulOrder.id))).toBeDefined();
      expect(await ordersRepository.findById(db(), sulOrder.id)).toBeUndefined();
    });
    const after = await ordersRepository.findById(db(), sulOrder.id);
    expect([after?.recipient_name, after?.version]).toEqual([sulRow.recipient_name, sulRow.version]);
    expect((await adminsRepository.findById(db(), sul.id))?.id).toBe(sul.id);
    expect((await apiKeysRepository.byId(db(), sulKeyId))?.revoked_at).toBeNull();
  });

  it('a store’s and a partner key’s requests run under their client scope, an admin’s does not', async () => {
    const narrowedBy = async <E extends Endpoint>(token: string, endpoint: E, input: CallInput<E>) => {
      const before = tenantScopeStats.narrowed;
      const res = await callApi(ctx.app, token, endpoint, input);
      expect(res.status).toBe(200);
      return tenantScopeStats.narrowed - before;
    };
    expect(await narrowedBy(norte.token, API.orders.order, { query: { id: norteOrder.id } })).toBeGreaterThan(
      0,
    );
    expect(
      await narrowedBy(norteKey, API.partner.order, { params: { packageId: norteOrder.packageId } }),
    ).toBeGreaterThan(0);
    expect(await narrowedBy(admin.token, API.orders.order, { query: { id: sulOrder.id } })).toBe(0);
    const theirs = await callApi(ctx.app, norte.token, API.orders.order, { query: { id: sulOrder.id } });
    expect([theirs.status, theirs.body.Description]).toEqual([404, 'orderNotExist']);
  });

  if (ctx.dialect === 'postgres') {
    it('PostgreSQL: the policy alone refuses another client’s rows to a query that skips the plugin', async () => {
      // A compiled query goes to the driver as it is: no plugin narrows it, only the connection's role.
      const raw = <R>(text: string, params: unknown[] = []) =>
        db().executeQuery<R>(CompiledQuery.raw(text, params));
      const all = await raw<{ company: string }>('select company from orders');
      expect(companies(all.rows).sort()).toEqual([NORTE, SUL]);
      await withTenantScope(NORTE, async () => {
        for (const table of ['orders', 'order_logs', 'order_counts', 'api_keys', 'admins']) {
          const rows = await raw<{ company: string }>(`select company from ${table}`);
          expect([table, companies(rows.rows)]).toEqual([table, [NORTE]]);
        }
        const upd = await raw('update orders set recipient_name = $1 where id = $2', ['Mudado', sulOrder.id]);
        expect(upd.numAffectedRows).toBe(0n);
        const ins = raw('update orders set company = $1 where id = $2', [SUL, norteOrder.id]);
        await expect(ins).rejects.toMatchObject({ code: '42501' });
        // Inside one transaction the escape switches the same connection and back.
        await db()
          .transaction()
          .execute(async (tx) => {
            const count = async () =>
              (await tx.executeQuery<{ n: number }>(CompiledQuery.raw('select count(*)::int n from orders')))
                .rows[0]!.n;
            const scoped = await count();
            expect(await withoutTenantScope(count)).toBeGreaterThan(scoped);
            expect(await count()).toBe(scoped);
          });
      });
      // The connections went back to the pool unscoped.
      const again = await Promise.all(
        [1, 2, 3].map(() => raw<{ company: string }>('select company from orders')),
      );
      for (const r of again) expect(companies(r.rows).sort()).toEqual([NORTE, SUL]);
    });
  }
});

function logRow(orderId: number) {
  return {
    order_id: orderId,
    package_id: 'X',
    action_id: 1,
    action: 'create',
    from_state: null,
    state: 1,
    admin_id: null,
    admin_name: 'x',
    locker_id: null,
    description: null,
    created_at: new Date().toISOString(),
  };
}
