import { beforeAll, expect, it } from 'vitest';
import { API, type InputOf } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { newPackageId } from './helpers/order-fixtures.js';

/** Idempotency-Key on the POSTs that declare it (issue #24): here the operator's order creation. */
describeEachDb('Idempotency-Key', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
  });
  const create = (key: string | null, body: InputOf<typeof API.orders.create.body>, token = admin.token) =>
    callApi(ctx.app, token, API.orders.create, { body }, key === null ? {} : { 'idempotency-key': key });
  const ordersOf = async (packageId: string) =>
    ctx.app.db.selectFrom('orders').select('id').where('package_id', '=', packageId).execute();
  const newKey = () => `key-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  it('replays the first answer for the same key and body, writing once', async () => {
    const key = newKey();
    const body = { packageId: newPackageId(), recipientPhone: '912345678', recipientNumber: 'PRT1' };
    const first = await create(key, body);
    expect(first.status).toBe(200);
    expect(first.raw.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its keys in another order is the same body.
    const again = await create(key, {
      recipientNumber: 'PRT1',
      recipientPhone: '912345678',
      packageId: body.packageId,
    });
    expect(again.status).toBe(200);
    expect(again.raw.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await ordersOf(body.packageId)).toHaveLength(1);
  });

  it('refuses the same key with another body (idempotencyKeyReused) and writes nothing', async () => {
    const key = newKey();
    const first = await create(key, { packageId: newPackageId(), recipientPhone: '912345678' });
    expect(first.status).toBe(200);
    const other = newPackageId();
    const reused = await create(key, { packageId: other, recipientPhone: '912345678' });
    expect(reused.status).toBe(422);
    expect(reused.body.Description).toBe('idempotencyKeyReused');
    expect(await ordersOf(other)).toHaveLength(0);
  });

  it('under concurrency: the same key sent ten times at once creates one order, every reply the same', async () => {
    const key = newKey();
    const body = { packageId: newPackageId(), recipientPhone: '912345678' };
    const replies = await Promise.all(Array.from({ length: 10 }, () => create(key, body)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = new Set(replies.map((r) => r.body.Data.id));
    expect(ids.size).toBe(1);
    expect(replies.filter((r) => r.raw.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await ordersOf(body.packageId)).toHaveLength(1);
  });

  it('keeps keys per caller: another account with the same key is a request of its own', async () => {
    const other = await signIn(ctx.app, 'admin');
    const key = newKey();
    const a = await create(key, { packageId: newPackageId(), recipientPhone: '912345678' });
    const b = await create(key, { packageId: newPackageId(), recipientPhone: '912345678' }, other.token);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.Data.id).not.toBe(b.body.Data.id);
  });

  it('refuses a malformed key before doing anything', async () => {
    const packageId = newPackageId();
    const res = await create('x'.repeat(256), { packageId, recipientPhone: '912345678' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      Description: 'invalidInput',
      Data: { 'headers.idempotency-key': 'validation.idempotencyKey' },
    });
    expect(await ordersOf(packageId)).toHaveLength(0);
  });

  it('gives the key back after bad input, and replays a rule refusal (orderExists)', async () => {
    const key = newKey();
    const packageId = newPackageId();
    const bad = await create(key, { packageId, recipientPhone: '123' });
    expect(bad.status).toBe(400);
    // Nothing was done: the corrected request under the same key runs.
    const good = await create(key, { packageId, recipientPhone: '912345678' });
    expect(good.status).toBe(200);
    const dupKey = newKey();
    const dup = await create(dupKey, { packageId, recipientPhone: '912345678' });
    expect(dup.body.Description).toBe('orderExists');
    await ctx.app.db.deleteFrom('orders').where('package_id', '=', packageId).execute();
    // The refusal is the answer of that key, even though the package id is free again.
    const replay = await create(dupKey, { packageId, recipientPhone: '912345678' });
    expect(replay.status).toBe(409);
    expect(replay.raw.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(packageId)).toHaveLength(0);
  });

  it('forgets a key after 24 hours, and takes over a claim whose request died', async () => {
    const key = newKey();
    await create(key, { packageId: newPackageId(), recipientPhone: '912345678' });
    await ctx.app.db
      .updateTable('idempotency_keys')
      .set({ expires_at: nowIso(new Date(Date.now() - 1000)) })
      .where('key', '=', key)
      .execute();
    const later = await create(key, { packageId: newPackageId(), recipientPhone: '912345678' });
    expect(later.status).toBe(200);
    expect(later.raw.headers['idempotent-replayed']).toBeUndefined();

    // A claim left pending by an instance that died (its lease over): the retry runs.
    const dead = newKey();
    const packageId = newPackageId();
    const body = { packageId, recipientPhone: '912345678' };
    const first = await create(dead, body);
    await ctx.app.db
      .updateTable('idempotency_keys')
      .set({ status: 'pending', locked_until: nowIso(new Date(Date.now() - 1000)), response_body: null })
      .where('key', '=', dead)
      .execute();
    await ctx.app.db.deleteFrom('orders').where('id', '=', first.body.Data.id).execute();
    const retried = await create(dead, body);
    expect(retried.status).toBe(200);
    expect(retried.raw.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(packageId)).toHaveLength(1);
  });

  it('a retry waits for the first request of its key and answers with its answer', async () => {
    const key = newKey();
    const body = { packageId: newPackageId(), recipientPhone: '912345678' };
    const first = await create(key, body);
    // Put the record back in the state of a first request still running on another instance.
    const stored = await ctx.app.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .updateTable('idempotency_keys')
      .set({ status: 'pending', locked_until: nowIso(new Date(Date.now() + 30_000)) })
      .where('key', '=', key)
      .execute();
    const waiting = create(key, body);
    await new Promise((r) => setTimeout(r, 150));
    await ctx.app.db
      .updateTable('idempotency_keys')
      .set({ status: 'done', response_body: stored.response_body })
      .where('key', '=', key)
      .execute();
    const answer = await waiting;
    expect(answer.body).toEqual(first.body);
    expect(answer.raw.headers['idempotent-replayed']).toBe('true');
  });

  it('without the header, nothing changes: a double submit is told orderExists', async () => {
    const body = { packageId: newPackageId(), recipientPhone: '912345678' };
    const [a, b] = await Promise.all([create(null, body), create(null, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});
