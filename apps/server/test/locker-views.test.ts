import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';

const get = <E extends Endpoint>(app: FastifyInstance, token: string, endpoint: E, input: CallInput<E>) =>
  callApi(app, token, endpoint, input);

describeEachDb('locker views with parcels', (ctx) => {
  it('shows the order held in a delivery locker and does not count it as available', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { name: 'Parcelas', type: 'DELIVERY', doors: 2 });
    const now = new Date().toISOString();
    const storedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await ctx.app.db
      .insertInto('orders')
      .values({
        package_id: 'SGPT-VIEW-1',
        recipient_name: 'Cliente',
        recipient_email: '',
        recipient_phone: '912345678',
        recipient_number: 'PRT1',
        state: 4,
        company: null,
        created_by: a.id,
        created_by_name: 'Test',
        locker_id: p.lockers[0]!.id,
        stored_at: storedAt,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const r = await callApi(ctx.app, a.token, API.locations.lockers, { params: { id: p.placeId } });
    expect(r.body.Data.Lockers[0]!.activeDelivery).toMatchObject({
      deliveryType: 1,
      storedAt,
      packageId: 'SGPT-VIEW-1',
    });
    expect(r.body.Data.Lockers[1]!.activeDelivery).toBeNull();
    expect(r.body.Data.Place.available).toBe(1);
  });
});

describeEachDb('locker views of a whole place', (ctx) => {
  it('reads holders and parcels by place as it does by locker ids', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { name: 'Piso 3', doors: 3 });
    const other = await createPlace(ctx.app, { name: 'Piso 4', doors: 1 });
    const now = new Date().toISOString();
    const holder = async (name: string, lockerId: number) => {
      const { id } = await ctx.app.db
        .insertInto('locker_users')
        .values({ name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.app.db
        .insertInto('user_lockers')
        .values({ user_id: id, locker_id: lockerId, created_at: now })
        .execute();
      return id;
    };
    const bea = await holder('Beatriz Lopes', p.lockers[0]!.id);
    const ana = await holder('Ana Reis', p.lockers[0]!.id);
    // Another place's holder must not leak into this grid.
    await holder('Outro Piso', other.lockers[0]!.id);
    await ctx.app.db
      .insertInto('orders')
      .values({
        package_id: 'SGPT-PLACE-1',
        recipient_name: 'Cliente',
        recipient_email: '',
        recipient_phone: '912345678',
        recipient_number: 'PRT2',
        state: 4,
        company: null,
        created_by: a.id,
        created_by_name: 'Test',
        locker_id: p.lockers[1]!.id,
        stored_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const ids = p.lockers.map((l) => l.id);
    const byIds = await ctx.app.lockerInfo.lookup(ctx.app.db, ids);
    const byPlace = await ctx.app.lockerInfo.lookup(ctx.app.db, ids, p.placeId);
    expect(byPlace).toEqual(byIds);
    expect(byPlace.get(ids[0]!)!.locker_users).toEqual([
      { id: ana, name: 'Ana Reis' },
      { id: bea, name: 'Beatriz Lopes' },
    ]);
    expect(byPlace.get(ids[1]!)!.activeDelivery).toMatchObject({ packageId: 'SGPT-PLACE-1' });
    expect([...byPlace.keys()]).toEqual(ids);

    const r = await get(ctx.app, a.token, API.locations.lockers, { params: { id: p.placeId } });
    expect(r.body.Data.Lockers.map((l) => l.locker_users.length)).toEqual([2, 0, 0]);
    expect(r.body.Data.Lockers[1]!.activeDelivery).not.toBeNull();
    expect(r.body.Data.Place.available).toBe(1);
  });
});
