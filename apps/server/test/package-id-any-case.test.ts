import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { API, type ImportPreview, type ImportResult, type Order } from '@cacifo/contract';
import { down, up } from '../src/db/migrations/0150-order-package-unique-any-case.js';
import { call, callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';
import { createOrder, newPackageId } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey } from './helpers/partner-fixtures.js';

function csvUpload(rows: string[][]) {
  const boundary = '----cacifo' + Math.random().toString(16).slice(2);
  const body = [['Package ID', 'Telefone'], ...rows].map((r) => r.join(',')).join('\r\n');
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${body}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A package id is one parcel whatever its case (issue #33, migration 0150), on every way in. */
describeEachDb('package ids unique in any case', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let key: string;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    key = (await createApiKey(ctx.app, admin.token, ALL_SCOPES)).key;
  });
  afterEach(() => vi.restoreAllMocks());
  const total = async () =>
    (await callApi(ctx.app, admin.token, API.orders.list, {})).body.Data.totalDeliveries;
  const newOrder = (packageId: string) =>
    callApi(ctx.app, admin.token, API.orders.create, { body: { packageId, recipientPhone: '912345678' } });

  it('a new order (form or scanner) refuses an id taken in other letters', async () => {
    const o = await createOrder(ctx.app, admin.token);
    const before = await total();
    const dup = await newOrder(o.packageId.toLowerCase());
    expect(dup.status).toBe(409);
    expect(dup.body.Description).toBe('orderExists');
    expect(await total()).toBe(before);
  });

  it('the partner API refuses an id taken in other letters', async () => {
    const packageId = newPackageId();
    const body = { packageId, recipientPhone: '912345678' };
    const first = await callApi(ctx.app, key, API.partner.createOrder, { body });
    expect(first.status).toBe(200);
    const dup = await callApi(ctx.app, key, API.partner.createOrder, {
      body: { ...body, packageId: packageId.toLowerCase() },
    });
    expect(dup.status).toBe(409);
    // A key belongs to a client (ADR 0100): like a store, it is told the id is unavailable, no more.
    expect(dup.body.Description).toBe('packageIdUnavailable');
  });

  it('an import skips an id taken in other letters and flags one doubled in the file', async () => {
    const taken = (await createOrder(ctx.app, admin.token)).packageId;
    const twice = newPackageId();
    const file = () =>
      csvUpload([
        [taken.toLowerCase(), '912345678'],
        [twice, '912345678'],
        [twice.toLowerCase(), '912345678'],
      ]);
    // A multipart upload: the file is no typed body, so the request is built from the entry by hand.
    const preview = await call<ImportPreview>(ctx.app, admin.token, {
      ...apiRequest(API.orders.importPreview, {}),
      ...file(),
    });
    expect(preview.body.Data).toMatchObject({ valid: 1, invalid: 1, duplicates: 1 });
    expect(preview.body.Data.rows[2]!.errors).toEqual({ packageId: 'validation.duplicateInFile' });
    const before = await total();
    const res = await call<ImportResult>(ctx.app, admin.token, {
      ...apiRequest(API.orders.importOrders, {}),
      ...file(),
    });
    expect(res.body.Data).toMatchObject({ created: 1, skipped: 1 });
    expect(await total()).toBe(before + 1);
  });

  it('an edit refuses another order’s id in other letters, and takes its own in other letters', async () => {
    const a = await createOrder(ctx.app, admin.token);
    const b = await createOrder(ctx.app, admin.token);
    const put = (o: Order, packageId: string) =>
      callApi(ctx.app, admin.token, API.orders.update, {
        body: { id: o.id, updatedAt: o.updatedAt, packageId, recipientPhone: '912345678' },
      });
    const taken = await put(b, a.packageId.toLowerCase());
    expect(taken.status).toBe(409);
    const own = await put(b, b.packageId.toLowerCase());
    expect(own.status).toBe(200);
    expect(own.body.Data.packageId).toBe(b.packageId.toLowerCase());
  });

  it('the migration keeps and reports orders that already clash, and the index holds afterwards', async () => {
    const db = ctx.app.db;
    await down(db);
    const packageId = newPackageId();
    const now = new Date().toISOString();
    const row = (id: string) => ({
      package_id: id,
      recipient_name: 'Cliente',
      recipient_email: '',
      recipient_phone: '912345678',
      recipient_number: '',
      state: 1,
      created_by_name: 'teste',
      created_at: now,
      updated_at: now,
    });
    const ids: number[] = [];
    for (const id of [
      packageId,
      packageId.toLowerCase(),
      `${packageId.slice(0, 2).toLowerCase()}${packageId.slice(2)}`,
    ]) {
      const r = await db.insertInto('orders').values(row(id)).returning('id').executeTakeFirstOrThrow();
      ids.push(r.id);
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await up(db);
    const reported = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.includes(packageId));
    expect(reported).toHaveLength(1);
    for (const id of ids) expect(reported[0]).toContain(`order ${id} `);

    const kept = await db
      .selectFrom('orders')
      .select(['id', 'package_clash'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(kept.map((k) => k.package_clash)).toEqual([0, 1, 1]);

    // Nothing new in any case; the clashed orders still answer by their own ids.
    expect((await newOrder(packageId.toUpperCase().replace('SGPT', 'SgPt'))).status).toBe(409);
    const clashed = await callApi(ctx.app, admin.token, API.orders.order, { query: { id: ids[1]! } });
    expect(clashed.body.Data.packageId).toBe(packageId.toLowerCase());
    // Renaming a clashed order clears its mark: the index covers it again.
    const fresh = newPackageId();
    const renamed = await callApi(ctx.app, admin.token, API.orders.update, {
      body: {
        id: ids[1]!,
        updatedAt: clashed.body.Data.updatedAt,
        packageId: fresh,
        recipientPhone: '912345678',
      },
    });
    expect(renamed.status).toBe(200);
    expect((await newOrder(fresh.toLowerCase())).status).toBe(409);
  });
});
