import { beforeAll, expect, it, vi } from 'vitest';
import { API, type Client } from '@cacifo/contract';
import { down, up } from '../src/db/migrations/0190-clients.js';
import { seedDemoClients } from '../src/seed/demo-clients.js';
import { callApi, createAccount, describeEachDb, login, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { newPackageId } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './helpers/partner-fixtures.js';
import { versionOf } from './helpers/versions.js';

/** Clients as rows (issue #31, ADR 0190): the migration, Administration > Clients, disable, grants. */
describeEachDb('clients', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
  });
  const clients = async () => (await callApi(ctx.app, admin.token, API.clients.list, {})).body.Data.clients;
  const byName = async (name: string) => (await clients()).find((c) => c.name === name);

  it('migration 0190 makes a client of every company text, keeps case clashes apart, grants used places', async () => {
    const db = ctx.app.db;
    await down(db);
    const now = new Date().toISOString();
    const { placeId: used } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2 });
    const { placeId: other } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2 });
    const locker = await db
      .selectFrom('lockers')
      .select('id')
      .where('place_id', '=', used)
      .executeTakeFirstOrThrow();
    const order = (company: string | null, extra: object = {}) =>
      db
        .insertInto('orders')
        .values({
          package_id: newPackageId(),
          recipient_name: 'Ana',
          recipient_email: '',
          recipient_phone: '912345678',
          recipient_number: '',
          state: 4,
          company,
          created_by_name: 'antes',
          created_at: now,
          updated_at: now,
          ...extra,
        })
        .execute();
    await order('Loja Migrada', { locker_id: locker.id });
    await order('Loja Migrada');
    await order('loja migrada'); // the same letters in another case: used less, so it is the clash
    await order(null);
    await createAccount(ctx.app, 'store', { company: 'Só Conta' });
    await db
      .insertInto('api_keys')
      .values({
        name: 'k',
        prefix: 'ck_mig',
        key_hash: 'mig-hash',
        scopes: '[]',
        company: 'Só Chave',
        created_by_name: 'x',
        created_at: now,
      })
      .execute();
    const before = await db.selectFrom('orders').select(['id', 'company']).orderBy('id').execute();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await up(db);
    expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/"Loja Migrada" and "loja migrada"/);
    warn.mockRestore();
    expect(await db.selectFrom('orders').select(['id', 'company']).orderBy('id').execute()).toEqual(before);
    const rows = await db
      .selectFrom('clients')
      .select(['id', 'name', 'name_clash', 'retention_days'])
      .execute();
    const named = (n: string) => rows.find((r) => r.name === n)!;
    expect(named('Loja Migrada')).toMatchObject({ name_clash: 0, retention_days: 90 });
    expect(named('loja migrada')).toMatchObject({ name_clash: 1 });
    expect(named('Só Conta')).toBeDefined();
    const grants = await db.selectFrom('place_grants').select(['client_id', 'place_id']).execute();
    const of = (n: string) => grants.filter((g) => g.client_id === named(n).id).map((g) => g.place_id);
    expect(of('Loja Migrada')).toEqual([used]);
    expect(of('Só Conta')).toEqual([]);
    // A key's client without located orders keeps every delivery location its key reached.
    expect(of('Só Chave')).toEqual(expect.arrayContaining([used, other]));
    // The clash is renamed by the operator: its orders follow and the mark goes.
    const clash = await callApi(ctx.app, admin.token, API.clients.update, {
      params: { id: named('loja migrada').id },
      body: {
        updatedAt: await versionOf(ctx.app, 'clients', named('loja migrada').id),
        name: 'Loja Migrada Norte',
      },
    });
    expect(clash.status, JSON.stringify(clash.body)).toBe(200);
    expect(clash.body.Data).toMatchObject({ name: 'Loja Migrada Norte', nameClash: false });
    const moved = await db
      .selectFrom('orders')
      .select('id')
      .where('company', '=', 'Loja Migrada Norte')
      .execute();
    expect(moved).toHaveLength(1);
  });

  it('creates, lists and renames a client: unique whatever the case; orders, keys and accounts follow', async () => {
    const made = await callApi(ctx.app, admin.token, API.clients.create, { body: { name: 'Farmácia Sol' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.Data).toMatchObject({
      name: 'Farmácia Sol',
      enabled: true,
      retentionDays: 90,
      placeIds: [],
    });
    const again = await callApi(ctx.app, admin.token, API.clients.create, { body: { name: 'FARMÁCIA SOL' } });
    expect([again.status, again.body.Description]).toEqual([409, 'clientNameTaken']);
    // A key for the same client in another case joins it, in the client's own spelling.
    const key = await createApiKey(ctx.app, admin.token, ALL_SCOPES, {
      name: 'Sol API',
      companyId: 'farmácia sol',
    });
    expect(key.companyId).toBe('Farmácia Sol');
    const store = await signIn(ctx.app, 'store', { company: 'Farmácia Sol' });
    const renamed = await callApi(ctx.app, admin.token, API.clients.update, {
      params: { id: made.body.Data.id },
      body: {
        updatedAt: await versionOf(ctx.app, 'clients', made.body.Data.id),
        name: 'Farmácia Sol Nascente',
        retentionDays: 30,
      },
    });
    expect(renamed.body.Data).toMatchObject({ name: 'Farmácia Sol Nascente', retentionDays: 30 });
    const keyRow = await ctx.app.db
      .selectFrom('api_keys')
      .select('company')
      .where('id', '=', key.id)
      .executeTakeFirst();
    expect(keyRow?.company).toBe('Farmácia Sol Nascente');
    const storeRow = await ctx.app.db
      .selectFrom('admins')
      .select('company')
      .where('id', '=', store.id)
      .executeTakeFirst();
    expect(storeRow?.company).toBe('Farmácia Sol Nascente');
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select(['action', 'details'])
      .where('action', 'in', [1050, 1051])
      .execute();
    expect(logs.some((l) => l.action === 1051 && String(l.details).includes('Farmácia Sol Nascente'))).toBe(
      true,
    );
    // Only the operator manages clients.
    const denied = await callApi(ctx.app, store.token, API.clients.list, {});
    expect(denied.status).toBe(403);
  });

  it("refuses a disabled client's keys and accounts with clientDisabled, and takes them back when enabled", async () => {
    const { key } = await createApiKey(ctx.app, admin.token, ALL_SCOPES, {
      name: 'Parado',
      companyId: 'Cliente Parado',
    });
    const account = await createAccount(ctx.app, 'store', { company: 'Cliente Parado' });
    const session = await login(ctx.app, account.username);
    const client = (await byName('Cliente Parado'))!;
    const off = await callApi(ctx.app, admin.token, API.clients.update, {
      params: { id: client.id },
      body: { updatedAt: await versionOf(ctx.app, 'clients', client.id), enabled: false },
    });
    expect(off.body.Data.enabled).toBe(false);
    const partner = await callApi(ctx.app, key, API.partner.locations, {});
    expect([partner.status, partner.body.Description]).toEqual([403, 'clientDisabled']);
    const signInRes = await ctx.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: {
        grant_type: 'password',
        username: account.username,
        password: account.password,
        client_id: 'cacifo-web',
        client_secret: 'cacifo-web-secret',
      },
    });
    expect([signInRes.statusCode, signInRes.json().Description]).toEqual([403, 'clientDisabled']);
    const old = await callApi(ctx.app, session.access_token, API.orders.list, {});
    expect(old.status).toBe(401);
    const newKey = await callApi(ctx.app, admin.token, API.apiKeys.create, {
      body: { name: 'Outra', scopes: ['orders:read'], companyId: 'cliente parado' },
    });
    expect([newKey.status, newKey.body.Description]).toEqual([403, 'clientDisabled']);
    await callApi(ctx.app, admin.token, API.clients.update, {
      params: { id: client.id },
      body: { updatedAt: await versionOf(ctx.app, 'clients', client.id), enabled: true },
    });
    expect((await callApi(ctx.app, key, API.partner.locations, {})).status).toBe(200);
    expect((await login(ctx.app, account.username)).access_token).toBeTruthy();
  });

  it("lists and pre-advises to the client's granted locations only", async () => {
    const { key } = await createApiKey(ctx.app, admin.token, ALL_SCOPES, {
      name: 'Grants',
      companyId: 'Transportes Grant',
    });
    const { placeId: granted } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 3 });
    const { placeId: notGranted } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 3 });
    const listed = async () =>
      (await callApi(ctx.app, key, API.partner.locations, {})).body.Data.map((p) => p.id);
    expect(await listed()).toEqual([]);
    await grantPlaces(ctx.app, admin.token, 'Transportes Grant', [granted]);
    expect(await listed()).toEqual([granted]);
    const advise = (locationId: number) =>
      callApi(ctx.app, key, API.partner.createOrder, {
        body: {
          packageId: newPackageId(),
          recipientPhone: '912345678',
          recipientName: 'Rui',
          recipientEmail: '',
          recipientNumber: '',
          locationId,
        },
      });
    expect((await advise(granted)).status).toBe(200);
    const refused = await advise(notGranted);
    expect([refused.status, refused.body.Description]).toEqual([404, 'notFound']);
    const client = (await byName('Transportes Grant')) as Client;
    const bad = await callApi(ctx.app, admin.token, API.clients.setGrants, {
      params: { id: client.id },
      body: { updatedAt: await versionOf(ctx.app, 'clients', client.id), placeIds: [999999] },
    });
    expect(bad.status).toBe(404);
    const list = (await callApi(ctx.app, admin.token, API.clients.list, {})).body.Data;
    expect(list.clients.find((c) => c.id === client.id)?.placeIds).toEqual([granted]);
  });

  it("the demo's seed makes a client of each company text it wrote, granted the places its orders used", async () => {
    const now = new Date().toISOString();
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
    const locker = await ctx.app.db
      .selectFrom('lockers')
      .select('id')
      .where('place_id', '=', placeId)
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .insertInto('orders')
      .values({
        package_id: newPackageId(),
        recipient_name: 'Ana',
        recipient_email: '',
        recipient_phone: '912345678',
        recipient_number: '',
        state: 4,
        company: 'Loja Semente',
        locker_id: locker.id,
        created_by_name: 'seed',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await seedDemoClients(ctx.app.db);
    await seedDemoClients(ctx.app.db);
    const made = (await clients()).filter((c) => c.name === 'Loja Semente');
    expect(made).toEqual([expect.objectContaining({ enabled: true, placeIds: [placeId] })]);
  });
});
