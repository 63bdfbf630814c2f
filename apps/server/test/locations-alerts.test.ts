import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';

const get = <E extends Endpoint>(app: FastifyInstance, token: string, endpoint: E, input: CallInput<E>) =>
  callApi(app, token, endpoint, input);

describeEachDb('alerts, counts and analytics', (ctx) => {
  it('lists alert lockers, counts open doors, and expired lockers by area', async () => {
    const a = await signIn(ctx.app, 'admin');
    const office = await createPlace(ctx.app, { name: 'Escritório', doors: 3 });
    const delivery = await createPlace(ctx.app, { name: 'Entregas', type: 'DELIVERY', doors: 2 });
    ctx.app.devices.simulator!.simulator(office.placeId)!.openByHand(2);
    await waitFor(async () => {
      await ctx.app.devices.events.drain();
      return (await get(ctx.app, a.token, API.alerts.count, {})).body.Data.count === 1;
    });
    const alerts = await get(ctx.app, a.token, API.alerts.list, {});
    expect(alerts.body.Data.totalAlerts).toBe(1);
    expect(alerts.body.Data.alerts[0]).toMatchObject({
      place_name: 'Escritório',
      location_name: 'Escritório',
      doorNumber: 2,
      doorStatus: 1,
      users: [],
    });
    await ctx.app.doors.open(delivery.lockers[0]!.id, { actor: null, reason: 'test' });
    await ctx.app.devices.events.drain();
    expect((await get(ctx.app, a.token, API.alerts.openedOrAlertCount, {})).body.Data).toEqual({
      opened: 1,
      alerts: 1,
      total: 2,
    });
    expect(
      (await get(ctx.app, a.token, API.alerts.notClosed, {})).body.Data.map((l) => l.doorNumber).sort(),
    ).toEqual([1, 2]);

    const past = new Date(Date.now() - 3600_000).toISOString();
    await ctx.app.db
      .updateTable('lockers')
      .set({ expiration_date_time: past, status: 2 })
      .where('id', 'in', [office.lockers[0]!.id, delivery.lockers[1]!.id])
      .execute();
    await ctx.app.db
      .updateTable('lockers')
      .set({ expiration_date_time: new Date(Date.now() + 3600_000).toISOString() })
      .where('id', '=', office.lockers[2]!.id)
      .execute();
    expect((await get(ctx.app, a.token, API.alerts.expiredCount, {})).body.Data).toEqual({
      office: 1,
      delivery: 1,
    });
    const expired = await get(ctx.app, a.token, API.alerts.expired, {});
    expect(Object.keys(expired.body.Data.office)).toEqual(['Escritório']);
    expect(expired.body.Data.delivery['Entregas']![0]!.doorNumber).toBe(2);
    const store = await signIn(ctx.app, 'store', { company: 'Loja' });
    const storeView = await get(ctx.app, store.token, API.alerts.expired, {});
    expect(storeView.body.Data.office).toEqual({});
    // A store sees only the lockers holding its own parcels (issue #20): none of these is its.
    expect(storeView.body.Data.delivery).toEqual({});
  });

  it('computes analytics from recorded door events', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { name: 'Analítica', doors: 3, sizes: ['S', 'S', 'L'] });
    const now = Date.now();
    const ev = (daysAgo: number, status: number, userId: number | null = null) => ({
      place_id: p.placeId,
      locker_id: p.lockers[0]!.id,
      door_number: 1,
      door_status: status,
      previous_status: status === 0 ? 2 : 0,
      commanded: status === 0 ? 1 : 0,
      user_id: userId,
      created_at: new Date(now - daysAgo * 86_400_000).toISOString(),
    });
    await ctx.app.db
      .insertInto('door_events')
      .values([
        ev(1, 0, 7),
        ev(2, 0, 7),
        ev(3, 0, 8),
        ev(5, 1),
        ev(20, 0, 9),
        ev(40, 0, 7),
        ev(45, 0),
        ev(200, 0, 10),
        ev(400, 0, 11),
      ])
      .execute();
    const r = await get(ctx.app, a.token, API.locations.analytics, { params: { id: p.placeId } });
    expect(r.status).toBe(200);
    const d = r.body.Data;
    expect(d.windows.last15Days).toEqual({ doorOpenings: 3, alerts: 1, activeUsers: 2 });
    expect(d.windows.last30Days).toEqual({ doorOpenings: 4, alerts: 1, activeUsers: 3 });
    expect(d.windows.last1Year).toEqual({ doorOpenings: 7, alerts: 1, activeUsers: 4 });
    expect(d.doorOpeningsPerUser.map((u) => [u.userId, u.openings])).toEqual([
      [7, 2],
      [8, 1],
      [9, 1],
    ]);
    expect(d.doorOpeningsDistribution.byHour.reduce((x, y) => x + y, 0)).toBe(4);
    expect(d.doorOpeningsDistribution.byWeekday.reduce((x, y) => x + y, 0)).toBe(4);
    expect(d.comparison.currentTotal).toBe(4);
    expect(d.comparison.previousTotal).toBe(2);
    expect(d.comparison.current).toHaveLength(30);
    expect(d.lockers).toEqual({ total: 3, bySize: { S: 2, L: 1 }, available: 3, occupied: 0 });
    expect(d.reports).toMatchObject({ alerts: 1, openedWithoutCommand: 1, jammed: 0 });
    expect((await get(ctx.app, a.token, API.locations.analytics, { params: { id: 999999 } })).status).toBe(
      404,
    );
  });

  it('reports service status and drives the simulator through dev routes', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { name: 'Estado', doors: 2 });
    const st = await get(ctx.app, a.token, API.service.status, {});
    expect(st.body.Data.servers).toHaveLength(1);
    expect(st.body.Data.readers.find((r) => r.placeId === p.placeId)).toMatchObject({
      online: true,
      doors: 2,
    });
    // The dev simulator's routes are no contract endpoint (development only): their URLs are written out.
    // eslint-disable-next-line no-restricted-syntax -- the dev simulator's prefix, outside the contract.
    const SIMULATOR = '/api/dev/simulator';
    const open = await call(ctx.app, a.token, {
      method: 'POST',
      url: `${SIMULATOR}/${p.placeId}/doors/1/open`,
    });
    expect(open.status).toBe(200);
    await waitFor(async () => {
      await ctx.app.devices.events.drain();
      const l = await ctx.app.db
        .selectFrom('lockers')
        .select('door_status')
        .where('id', '=', p.lockers[0]!.id)
        .executeTakeFirstOrThrow();
      return l.door_status === 1;
    });
    await call(ctx.app, a.token, { method: 'POST', url: `${SIMULATOR}/${p.placeId}/doors/1/close` });
    await waitFor(async () => {
      await ctx.app.devices.events.drain();
      const l = await ctx.app.db
        .selectFrom('lockers')
        .select('door_status')
        .where('id', '=', p.lockers[0]!.id)
        .executeTakeFirstOrThrow();
      return l.door_status === 2;
    });
    expect(
      (await call(ctx.app, a.token, { method: 'POST', url: `${SIMULATOR}/${p.placeId}/doors/9/open` }))
        .status,
    ).toBe(404);
    const e = await signIn(ctx.app, 'editor');
    expect(
      (await call(ctx.app, e.token, { method: 'POST', url: `${SIMULATOR}/${p.placeId}/doors/1/open` }))
        .status,
    ).toBe(403);
  });
});
