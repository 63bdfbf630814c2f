import { beforeAll, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { newPackageId, newPhone } from './helpers/order-fixtures.js';
import { versionOf } from './helpers/versions.js';

/** A client's monthly usage and recipients' retention, export and erase (issue #31, ADR 0191). */
describeEachDb('clients: usage and retention', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let store: Awaited<ReturnType<typeof signIn>>;
  let clientId: number;
  let placeId: number;
  let lockerId: number;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    const made = await callApi(ctx.app, admin.token, API.clients.create, { body: { name: 'Loja Uso' } });
    clientId = made.body.Data.id;
    store = await signIn(ctx.app, 'store', { company: 'Loja Uso' });
    ({ placeId } = await createPlace(ctx.app, { name: 'Parede Uso', type: 'DELIVERY', doors: 4 }));
    lockerId = (
      await ctx.app.db
        .selectFrom('lockers')
        .select('id')
        .where('place_id', '=', placeId)
        .executeTakeFirstOrThrow()
    ).id;
  });

  const order = async (o: {
    company: string | null;
    state: number;
    updatedAt?: string;
    phone?: string;
    storedAt?: string;
    pickedUpAt?: string;
  }) => {
    const now = new Date().toISOString();
    const row = await ctx.app.db
      .insertInto('orders')
      .values({
        package_id: newPackageId(),
        recipient_name: 'Ana Sousa',
        recipient_email: 'ana@example.com',
        recipient_phone: o.phone ?? newPhone(),
        recipient_number: 'REF',
        state: o.state,
        company: o.company,
        locker_id: lockerId,
        stored_at: o.storedAt ?? null,
        picked_up_at: o.pickedUpAt ?? null,
        created_by_name: 'teste',
        created_at: now,
        updated_at: o.updatedAt ?? now,
      })
      .returning(['id', 'package_id'])
      .executeTakeFirstOrThrow();
    return { id: row.id, packageId: row.package_id };
  };
  const log = (
    o: { id: number; packageId: string },
    from: number,
    state: number,
    at: string,
    company = 'Loja Uso',
  ) =>
    ctx.app.db
      .insertInto('order_logs')
      .values({
        order_id: o.id,
        package_id: o.packageId,
        action_id: 0,
        action: 'test',
        from_state: from,
        state,
        admin_name: 'teste',
        company,
        locker_id: lockerId,
        created_at: at,
      })
      .execute();

  it("counts a month's deposits, pickups, expiries and returns per location, with the average dwell", async () => {
    const a = await order({
      company: 'Loja Uso',
      state: 7,
      storedAt: '2026-10-03T08:00:00.000Z',
      pickedUpAt: '2026-10-03T10:00:00.000Z',
    });
    const b = await order({
      company: 'Loja Uso',
      state: 13,
      storedAt: '2026-10-05T08:00:00.000Z',
      pickedUpAt: '2026-10-05T12:00:00.000Z',
    });
    const c = await order({ company: 'Loja Uso', state: 20 });
    await log(a, 3, 4, '2026-10-03T08:00:00.000Z');
    await log(a, 5, 7, '2026-10-03T10:00:00.000Z');
    await log(b, 16, 4, '2026-10-05T08:00:00.000Z');
    await log(b, 4, 13, '2026-10-05T12:00:00.000Z');
    await log(c, 3, 4, '2026-10-06T08:00:00.000Z');
    await log(c, 12, 4, '2026-10-07T08:00:00.000Z'); // staff "store" back: not a deposit
    await log(c, 4, 18, '2026-10-09T08:00:00.000Z');
    await log(c, 19, 20, '2026-11-02T08:00:00.000Z'); // next month
    const other = await order({ company: 'Outra Loja', state: 4 });
    await log(other, 3, 4, '2026-10-03T09:00:00.000Z', 'Outra Loja');

    const mine = await callApi(ctx.app, store.token, API.clients.usage, {
      query: { month: '2026-10', clientId: 999999 },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.Data).toMatchObject({ clientId, clientName: 'Loja Uso', month: '2026-10' });
    expect(mine.body.Data.rows).toEqual([
      {
        placeId,
        placeName: 'Parede Uso',
        deposits: 3,
        pickups: 2,
        expired: 1,
        returned: 0,
        averageDwellHours: 3,
      },
    ]);
    const november = await callApi(ctx.app, admin.token, API.clients.usage, {
      query: { month: '2026-11', clientId },
    });
    expect(november.body.Data.rows).toEqual([
      expect.objectContaining({ deposits: 0, returned: 1, averageDwellHours: null }),
    ]);
    const unnamed = await callApi(ctx.app, admin.token, API.clients.usage, { query: { month: '2026-10' } });
    expect(unnamed.status).toBe(400);

    const file = await ctx.app.inject({
      ...apiRequest(API.clients.exportUsage, {
        query: { month: '2026-10', clientId, format: 'csv', language: 'pt' },
      }),
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    const lines = file.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toContain('Depósitos');
    expect(lines[1]).toBe('Parede Uso,3,2,1,0,3');
  });

  it('anonymises the recipients of parcels ended longer ago than their client keeps them, keeping the rows', async () => {
    await callApi(ctx.app, admin.token, API.clients.update, {
      params: { id: clientId },
      body: { updatedAt: await versionOf(ctx.app, 'clients', clientId), retentionDays: 30 },
    });
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const old = await order({ company: 'Loja Uso', state: 7, updatedAt: days(40) });
    const recent = await order({ company: 'Loja Uso', state: 7, updatedAt: days(10) });
    const waiting = await order({ company: 'Loja Uso', state: 4, updatedAt: days(40) });
    const operators = await order({ company: null, state: 9, updatedAt: days(100) });
    const operatorsRecent = await order({ company: null, state: 9, updatedAt: days(60) });
    const now = new Date().toISOString();
    await ctx.app.db
      .insertInto('messages')
      .values({
        order_id: old.id,
        event: 'pickupCode',
        channel: 'sms',
        recipient: '912000111',
        language: 'pt',
        body: 'Olá Ana',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const countBefore = await ctx.app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    expect(await ctx.app.retention.runOnce()).toBeGreaterThanOrEqual(2);
    const rows = await ctx.app.db
      .selectFrom('orders')
      .select(['id', 'recipient_name', 'recipient_phone', 'recipient_email', 'recipient_erased_at'])
      .where('id', 'in', [old.id, recent.id, waiting.id, operators.id, operatorsRecent.id])
      .execute();
    const of = (id: number) => rows.find((r) => r.id === id)!;
    for (const gone of [old, operators]) {
      expect(of(gone.id)).toMatchObject({ recipient_name: '', recipient_phone: '', recipient_email: '' });
      expect(of(gone.id).recipient_erased_at).not.toBeNull();
    }
    for (const kept of [recent, waiting, operatorsRecent])
      expect(of(kept.id).recipient_name).toBe('Ana Sousa');
    const msg = await ctx.app.db
      .selectFrom('messages')
      .select(['recipient', 'body'])
      .where('order_id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(msg).toEqual({ recipient: '', body: '' });
    const countAfter = await ctx.app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(countAfter.n)).toBe(Number(countBefore.n));
    // A second run finds nothing left to do; the first wrote one system row.
    expect(await ctx.app.retention.runOnce()).toBe(0);
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select(['admin_id'])
      .where('action', '=', 1055)
      .execute();
    expect(logs).toEqual([{ admin_id: null }]);
  });

  it("exports and erases one recipient's data by phone or e-mail, each admin-logged without the data", async () => {
    const phone = newPhone();
    const a = await order({ company: 'Loja Uso', state: 4, phone });
    await order({ company: null, state: 7, phone });
    const now = new Date().toISOString();
    await ctx.app.db
      .insertInto('messages')
      .values({
        order_id: a.id,
        event: 'pickupCode',
        channel: 'sms',
        recipient: phone,
        language: 'pt',
        body: 'Código 1234',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const exported = await callApi(ctx.app, admin.token, API.clients.recipientData, { body: { phone } });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.body.Data.parcels).toHaveLength(2);
    expect(exported.body.Data.parcels[0]).toMatchObject({
      recipientPhone: phone,
      recipientName: 'Ana Sousa',
    });
    expect(exported.body.Data.messages).toEqual([expect.objectContaining({ body: 'Código 1234' })]);
    const byEmail = await callApi(ctx.app, admin.token, API.clients.recipientData, {
      body: { email: 'ANA@example.com' },
    });
    expect(byEmail.body.Data.parcels.length).toBeGreaterThanOrEqual(2);

    const denied = await callApi(ctx.app, store.token, API.clients.eraseRecipientData, { body: { phone } });
    expect(denied.status).toBe(403);
    const erased = await callApi(ctx.app, admin.token, API.clients.eraseRecipientData, { body: { phone } });
    // The message had not gone out: it is cancelled, not left to fail.
    expect(erased.body.Data).toEqual({ parcels: 2, messages: 1, cancelled: 1 });
    const after = await callApi(ctx.app, admin.token, API.clients.recipientData, { body: { phone } });
    expect(after.body.Data).toEqual({ parcels: [], messages: [] });
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select(['action', 'details'])
      .where('action', 'in', [1053, 1054])
      .execute();
    expect(logs.map((l) => l.action).sort()).toEqual([1053, 1053, 1053, 1054]);
    for (const l of logs) expect(String(l.details)).not.toContain(phone);
    const none = await callApi(ctx.app, admin.token, API.clients.recipientData, { body: {} });
    expect(none.status).toBe(400);
  });
});
