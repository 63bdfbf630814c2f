import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { currentOpenApiDocs, PARTNER_OPENAPI_FILE } from '../src/scripts/openapi.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { createOrder, depositExisting, newPackageId, newPhone } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './helpers/partner-fixtures.js';

/** The partner API's orders and locations (issue #24): pre-advice, reads, cancel, company confinement. */
describeEachDb('partner API: orders and locations', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let key: string;
  let placeId: number;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    key = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora Norte' })).key;
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['S', 'M', 'L'] }));
    await grantPlaces(ctx.app, admin.token, 'Transportadora Norte', [placeId]);
  });
  const partner = <E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    token = key,
    headers: Record<string, string> = {},
  ) => callApi(ctx.app, token, endpoint, input, headers);
  const advice = (extra: Record<string, unknown> = {}) => ({
    packageId: newPackageId(),
    recipientName: 'Ana Sousa',
    recipientPhone: '912345678',
    recipientEmail: 'ana@example.com',
    recipientNumber: 'PRT-1',
    ...extra,
  });

  it('pre-advises a parcel: the order is created with its target and size, seen by operators too', async () => {
    const body = advice({ size: 'M', locationId: placeId });
    const res = await partner(API.partner.createOrder, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data).toMatchObject({
      packageId: body.packageId,
      state: 1,
      stateName: 'CREATED',
      recipientName: 'Ana Sousa',
      recipientNumber: 'PRT-1',
      size: 'M',
      locationId: placeId,
      companyId: 'Transportadora Norte',
      locker: null,
    });
    expect(res.body.Data.id).toBeGreaterThan(0);
    const seen = await callApi(ctx.app, admin.token, API.orders.order, { query: { id: res.body.Data.id } });
    expect(seen.body.Data.createdBy).toBe('Transportadora Norte (API)');
    // The back-office's deposit dialog starts at the partner's size and location (#33).
    expect(seen.body.Data).toMatchObject({ parcelSize: 'M', targetLocationId: placeId });
    expect(seen.body.Data.logs).toEqual([expect.objectContaining({ action: 'create', adminId: null })]);
  });

  it('keeps the recipient language: the pickup message goes out in it (issue #33)', async () => {
    const body = advice({ recipientName: 'Ann Smith', recipientLanguage: 'en', recipientPhone: newPhone() });
    const res = await partner(API.partner.createOrder, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seen = await callApi(ctx.app, admin.token, API.orders.order, { query: { id: res.body.Data.id } });
    expect(seen.body.Data).toMatchObject({ recipientName: 'Ann Smith', recipientLanguage: 'en' });
    await depositExisting(ctx.app, admin.token, placeId, res.body.Data.id, body.packageId, 'S');
    const sms = await ctx.app.db
      .selectFrom('messages')
      .select(['language', 'body'])
      .where('order_id', '=', res.body.Data.id)
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(sms.language).toBe('en');
  });

  it('refuses bad input, an unknown location and a known package id, writing nothing', async () => {
    const bad = await partner(API.partner.createOrder, {
      body: advice({ recipientPhone: '12', size: 'XXL' }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Data as object).sort()).toEqual(['body.recipientPhone', 'body.size']);
    const office = await createPlace(ctx.app, { type: 'OFFICE', doors: 1 });
    const nowhere = await partner(API.partner.createOrder, { body: advice({ locationId: office.placeId }) });
    expect([nowhere.status, nowhere.body.Description]).toEqual([404, 'notFound']);
    const existing = await createOrder(ctx.app, admin.token);
    // Another client's package id: taken, and nothing more said of it.
    const dup = await partner(API.partner.createOrder, { body: advice({ packageId: existing.packageId }) });
    expect([dup.status, dup.body.Description]).toEqual([409, 'packageIdUnavailable']);
  });

  it('honours Idempotency-Key: replays under concurrency create one order; another body is refused', async () => {
    const body = advice();
    const headers = { 'idempotency-key': `p-${body.packageId}` };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => partner(API.partner.createOrder, { body }, key, headers)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const rows = await ctx.app.db
      .selectFrom('orders')
      .select('id')
      .where('package_id', '=', body.packageId)
      .execute();
    expect(rows).toHaveLength(1);
    const other = await partner(API.partner.createOrder, { body: advice() }, key, headers);
    expect([other.status, other.body.Description]).toEqual([422, 'idempotencyKeyReused']);
  });

  it('reads one order with its state and history', async () => {
    const mine = (await partner(API.partner.createOrder, { body: advice() })).body.Data;
    const stored = await depositExisting(ctx.app, admin.token, placeId, mine.id, mine.packageId, 'S');
    const res = await partner(API.partner.order, { params: { packageId: stored.packageId } });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      state: 4,
      stateName: 'STORED_IN_LOCKER',
      locker: { locationId: placeId, size: 'S' },
    });
    expect(res.body.Data.storedAt).not.toBeNull();
    expect(res.body.Data.history!.map((h) => h.state)).toEqual([1, 2, 3, 4]);
    expect(res.body.Data.history![1]).toMatchObject({ action: 'assignLocker', stateName: 'LOCKER_ASSIGNED' });
    const none = await partner(API.partner.order, { params: { packageId: 'NO-SUCH-PARCEL' } });
    expect([none.status, none.body.Description]).toEqual([404, 'orderNotExist']);
  });

  it('cancels before deposit (freeing a reserved locker), twice is fine, a stored parcel is refused', async () => {
    const created = (await partner(API.partner.createOrder, { body: advice() })).body.Data;
    const assigned = await callApi(ctx.app, admin.token, API.orders.assignLocker, {
      query: { locationId: placeId, size: 'L', packageId: created.packageId },
    });
    const lockerId = assigned.body.Data.assignedLocker!.id;
    const cancelled = await partner(API.partner.cancelOrder, { params: { packageId: created.packageId } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.Data).toMatchObject({ state: 9, stateName: 'CANCELED' });
    const locker = await ctx.app.db
      .selectFrom('lockers')
      .select('status')
      .where('id', '=', lockerId)
      .executeTakeFirstOrThrow();
    expect(locker.status).toBe(0);
    const again = await partner(API.partner.cancelOrder, { params: { packageId: created.packageId } });
    expect([again.status, again.body.Data.state]).toEqual([200, 9]);
    const mine = (await partner(API.partner.createOrder, { body: advice() })).body.Data;
    const stored = await depositExisting(ctx.app, admin.token, placeId, mine.id, mine.packageId, 'M');
    const refused = await partner(API.partner.cancelOrder, { params: { packageId: stored.packageId } });
    expect([refused.status, refused.body.Description]).toEqual([422, 'stateNotAllowed']);
  });

  it("confines a company's key to that company's orders, both ways", async () => {
    const storeKey = (
      await createApiKey(ctx.app, admin.token, ['orders:write', 'orders:read'], { companyId: 'Loja Chiado' })
    ).key;
    const mine = await partner(API.partner.createOrder, { body: advice() }, storeKey);
    expect(mine.body.Data.companyId).toBe('Loja Chiado');
    const store = await signIn(ctx.app, 'store', { company: 'Loja Chiado' });
    const list = await callApi(ctx.app, store.token, API.orders.list, {
      query: { search: mine.body.Data.packageId },
    });
    expect(list.body.Data.totalDeliveries).toBe(1);
    const operators = await createOrder(ctx.app, admin.token);
    const params = { packageId: operators.packageId };
    const hidden = await partner(API.partner.order, { params }, storeKey);
    expect([hidden.status, hidden.body.Description]).toEqual([404, 'orderNotExist']);
    const notCancelled = await partner(API.partner.cancelOrder, { params }, storeKey);
    expect(notCancelled.status).toBe(404);
    // The carrier's key (its own client) reaches neither: every key is confined (ADR 0100).
    expect(
      (await partner(API.partner.order, { params: { packageId: mine.body.Data.packageId } })).status,
    ).toBe(404);
    expect((await partner(API.partner.order, { params: { packageId: operators.packageId } })).status).toBe(
      404,
    );
  });

  it('lists delivery locations with free lockers per size, for a key with lockers:read', async () => {
    const res = await partner(API.partner.locations, {});
    expect(res.status).toBe(200);
    const place = res.body.Data.find((p) => p.id === placeId)!;
    expect(Object.keys(place.availableLockers).sort()).toEqual(['L', 'M', 'S', 'XS']);
    const ordersOnly = (await createApiKey(ctx.app, admin.token, ['orders:read'])).key;
    const denied = await partner(API.partner.locations, {}, ordersOnly);
    expect([denied.status, denied.body.Description]).toEqual([403, 'forbidden']);
  });
});

it('docs/partner-openapi.json is what `npm run docs:api` writes today, and holds only partner routes', async () => {
  const docs = await currentOpenApiDocs();
  expect(readFileSync(PARTNER_OPENAPI_FILE, 'utf8')).toBe(docs.partner);
  const partnerPaths = Object.keys(JSON.parse(docs.partner).paths as object);
  expect(partnerPaths.length).toBeGreaterThan(2);
  // eslint-disable-next-line no-restricted-syntax -- the partner API's prefix, which the docs must keep to.
  expect(partnerPaths.every((p) => p.startsWith('/api/partner/v1/'))).toBe(true);
  const backOffice = Object.keys(JSON.parse(docs.backOffice).paths as object);
  // eslint-disable-next-line no-restricted-syntax -- the partner API's prefix, kept out of the back-office docs.
  expect(backOffice.some((p) => p.startsWith('/api/partner/'))).toBe(false);
}, 60_000);
