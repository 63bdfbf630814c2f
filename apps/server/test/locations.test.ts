import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import type { AlertLocker, LockerView, PlaceAnalytics, PlaceView } from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';

const get = <T>(app: Parameters<typeof call>[0], token: string, url: string) =>
  call<T>(app, token, { method: 'GET', url });

describeEachDb('locations and lockers', (ctx) => {
  it('lists places by type with live counts, paged', async () => {
    const a = await signIn(ctx.app, 'admin');
    const office = await createPlace(ctx.app, { name: 'Alfa Office', doors: 4 });
    await createPlace(ctx.app, { name: 'Beta Delivery', type: 'DELIVERY', doors: 3 });
    await ctx.app.db
      .updateTable('lockers')
      .set({ status: 2 })
      .where('id', '=', office.lockers[0]!.id)
      .execute();
    const r = await get<{ places: PlaceView[]; totalPlaces: number }>(
      ctx.app,
      a.token,
      '/api/julian/places?max_results=50',
    );
    expect(r.status).toBe(200);
    expect(r.body.Data.places.every((p) => p.type === 'OFFICE')).toBe(true);
    expect(r.body.Data.places.find((p) => p.name === 'Alfa Office')).toMatchObject({
      lockers: 4,
      occupied: 1,
      available: 3,
      open: 0,
      alerts: 0,
    });
    const all = await get<{ places: PlaceView[]; totalPlaces: number }>(
      ctx.app,
      a.token,
      '/api/julian/places?type=ALL&max_results=1',
    );
    expect(all.body.Data.places).toHaveLength(1);
    expect(all.body.Data.totalPlaces).toBeGreaterThanOrEqual(2);
    expect((await get(ctx.app, a.token, '/api/julian/places?type=NOPE')).status).toBe(400);
    expect((await get(ctx.app, a.token, '/api/julian/places?max_results=0')).status).toBe(400);
  });

  it('counts a place the same on its grid as in the list of places', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { name: 'Contagem', doors: 8 });
    // One locker per counted case: occupied, open, each alert status, offline, disabled.
    const cases: Array<Record<string, number>> = [
      { status: 2 },
      { door_status: 0 },
      { door_status: 1 },
      { door_status: 3 },
      { door_status: 11 },
      { door_status: 255 },
      { enabled: 0, status: 1 },
    ];
    for (const [i, set] of cases.entries())
      await ctx.app.db.updateTable('lockers').set(set).where('id', '=', p.lockers[i]!.id).execute();
    const list = await get<{ places: PlaceView[] }>(ctx.app, a.token, '/api/julian/places?search=Contagem');
    const grid = await get<{ Place: PlaceView }>(ctx.app, a.token, `/api/julian/lockersByPlace/${p.placeId}`);
    const expected = { lockers: 8, occupied: 2, open: 1, alerts: 3, offline: 1, disabled: 1 };
    expect(list.body.Data.places[0]).toMatchObject(expected);
    expect(grid.body.Data.Place).toMatchObject(expected);
    const counts = (v: PlaceView) => [
      v.lockers,
      v.available,
      v.occupied,
      v.open,
      v.alerts,
      v.offline,
      v.disabled,
    ];
    expect(counts(grid.body.Data.Place)).toEqual(counts(list.body.Data.places[0]!));
  });

  it('answers place details and its lockers, 404 for an unknown place', async () => {
    const a = await signIn(ctx.app, 'editor');
    const p = await createPlace(ctx.app, { name: 'Gama', doors: 3, sizes: ['XS', 'M'] });
    const d = await get<{ Place: PlaceView }>(ctx.app, a.token, `/api/julian/PlaceDetails/${p.placeId}`);
    expect(d.body.Data.Place).toMatchObject({
      id: p.placeId,
      name: 'Gama',
      systemType: 'locker',
      mode: 'normal',
    });
    const l = await get<{ Place: PlaceView; Lockers: LockerView[] }>(
      ctx.app,
      a.token,
      `/api/julian/lockersByPlace/${p.placeId}`,
    );
    expect(l.body.Data.Lockers.map((x) => [x.doorNumber, x.size])).toEqual([
      [1, 'XS'],
      [2, 'M'],
      [3, 'XS'],
    ]);
    expect(l.body.Data.Lockers[0]).toMatchObject({
      status: 0,
      doorStatus: 2,
      enabled: 1,
      locker_users: [],
      activeDelivery: null,
    });
    expect((await get(ctx.app, a.token, '/api/julian/PlaceDetails/999999')).body.Description).toBe(
      'notFound',
    );
    expect((await get(ctx.app, a.token, '/api/julian/lockersByPlace/abc')).status).toBe(400);
  });

  it('keeps lockers away from roles without the permission', async () => {
    const c = await signIn(ctx.app, 'courier');
    expect((await get(ctx.app, c.token, '/api/julian/places')).status).toBe(403);
    const d = await signIn(ctx.app, 'dash');
    expect((await get(ctx.app, d.token, '/api/julian/places')).status).toBe(200);
    const p = await createPlace(ctx.app, { doors: 1 });
    expect((await get(ctx.app, d.token, `/api/julian/openLockerById/${p.lockers[0]!.id}`)).status).toBe(403);
  });

  it('creates and edits a location, refusing bad input and removing only free doors', async () => {
    const a = await signIn(ctx.app, 'admin');
    const body = {
      name: 'Nova Sede',
      type: 'OFFICE',
      address: 'Rua A',
      lockers: [1, 2, 3].map((n) => ({ doorNumber: n, size: 'M', accessibility: n === 1 })),
    };
    const bad = await call(ctx.app, a.token, {
      method: 'POST',
      url: '/api/julian/place',
      payload: {
        ...body,
        lockers: [
          { doorNumber: 1, size: 'XXL' },
          { doorNumber: 1, size: 'S' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Description).toBe('invalidInput');
    const before = await ctx.app.db
      .selectFrom('places')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const created = await call<{ Place: PlaceView }>(ctx.app, a.token, {
      method: 'POST',
      url: '/api/julian/place',
      payload: body,
    });
    expect(created.status).toBe(200);
    const id = created.body.Data.Place.id;
    expect(created.body.Data.Place).toMatchObject({ name: 'Nova Sede', lockers: 3 });
    const dup = await call(ctx.app, a.token, { method: 'POST', url: '/api/julian/place', payload: body });
    expect(dup.status).toBe(409);
    const after = await ctx.app.db
      .selectFrom('places')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect(ctx.app.devices.simulator!.simulator(id)?.doorNumbers).toEqual([1, 2, 3]);

    // Door 3 is in use: removing it is refused and nothing changes.
    await ctx.app.db
      .updateTable('lockers')
      .set({ status: 2 })
      .where('place_id', '=', id)
      .where('door_number', '=', 3)
      .execute();
    const refused = await call(ctx.app, a.token, {
      method: 'PUT',
      url: `/api/julian/place/${id}`,
      payload: {
        updatedAt: await versionOf(ctx.app, 'places', id),
        ...body,
        lockers: body.lockers.slice(0, 1),
      },
    });
    expect([refused.status, refused.body.Description]).toEqual([422, 'lockersInUse']);
    expect(refused.body.Data).toEqual({ doors: [3], lockers: [{ doorNumber: 3, holders: [] }] });
    const edited = await call<{ Place: PlaceView }>(ctx.app, a.token, {
      method: 'PUT',
      url: `/api/julian/place/${id}`,
      payload: {
        updatedAt: await versionOf(ctx.app, 'places', id),
        ...body,
        name: 'Nova Sede 2',
        lockers: [
          { doorNumber: 1, size: 'L' },
          { doorNumber: 3, size: 'M' },
          { doorNumber: 4, size: 'XS' },
        ],
      },
    });
    expect(edited.status).toBe(200);
    const doors = await ctx.app.db
      .selectFrom('lockers')
      .select(['door_number', 'size'])
      .where('place_id', '=', id)
      .orderBy('door_number')
      .execute();
    expect(doors).toEqual([
      { door_number: 1, size: 'L' },
      { door_number: 3, size: 'M' },
      { door_number: 4, size: 'XS' },
    ]);
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select('action')
      .where('place_id', '=', id)
      .execute();
    expect(logs.map((l) => l.action).sort()).toEqual([904, 905]);
    const e = await signIn(ctx.app, 'security');
    expect(
      (
        await call(ctx.app, e.token, {
          method: 'POST',
          url: '/api/julian/place',
          payload: { ...body, name: 'X' },
        })
      ).status,
    ).toBe(403);
  });

  it('opens a locker remotely, logs it, and says so when the door does not open', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { doors: 2 });
    const ok = await get<{ ok: boolean; outcome: string }>(
      ctx.app,
      a.token,
      `/api/julian/openLockerById/${p.lockers[0]!.id}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.Data).toMatchObject({ ok: true, outcome: 'opened', doorNumber: 1 });
    ctx.app.devices.simulator!.simulator(p.placeId)!.setFault('jam', 2);
    const jam = await get<{ outcome: string }>(
      ctx.app,
      a.token,
      `/api/julian/openLockerById/${p.lockers[1]!.id}`,
    );
    expect(jam.status).toBe(409);
    expect(jam.body).toMatchObject({
      ResultCode: 0,
      Description: 'doorJammed',
      Data: { outcome: 'jammed', ok: false },
    });
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select(['action', 'door_number', 'details'])
      .where('place_id', '=', p.placeId)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => [l.action, l.door_number])).toEqual([
      [900, 1],
      [900, 2],
    ]);
    expect(JSON.parse(logs[1]!.details!)).toEqual({ outcome: 'jammed' });
    expect((await get(ctx.app, a.token, '/api/julian/openLockerById/999999')).status).toBe(404);
  });

  it('cleaning opens only free lockers and marks them; normal gives them back; emergency opens all', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { doors: 4 });
    await ctx.app.db.updateTable('lockers').set({ status: 2 }).where('id', '=', p.lockers[0]!.id).execute();
    const clean = await get<{ Place: PlaceView; results: Array<{ doorNumber: number; ok: boolean }> }>(
      ctx.app,
      a.token,
      `/api/julian/openFreeLockersByPlaceId/${p.placeId}`,
    );
    expect(clean.status).toBe(200);
    expect(clean.body.Data.results.map((r) => r.doorNumber)).toEqual([2, 3, 4]);
    expect(clean.body.Data.Place.mode).toBe('cleaning');
    const enabled = await ctx.app.db
      .selectFrom('lockers')
      .select(['door_number', 'enabled'])
      .where('place_id', '=', p.placeId)
      .orderBy('door_number')
      .execute();
    expect(enabled.map((l) => l.enabled)).toEqual([1, 3, 3, 3]);
    const normal = await call<{ Place: PlaceView }>(ctx.app, a.token, {
      method: 'POST',
      url: `/api/julian/place/${p.placeId}/mode`,
      payload: { mode: 'normal' },
    });
    expect(normal.body.Data.Place.mode).toBe('normal');
    const back = await ctx.app.db
      .selectFrom('lockers')
      .select('enabled')
      .where('place_id', '=', p.placeId)
      .execute();
    expect(back.every((l) => l.enabled === 1)).toBe(true);
    const sec = await signIn(ctx.app, 'security');
    expect((await get(ctx.app, sec.token, `/api/julian/openFreeLockersByPlaceId/${p.placeId}`)).status).toBe(
      403,
    );
    const emergency = await get<{ results: unknown[] }>(
      ctx.app,
      sec.token,
      `/api/julian/openAllLockersByPlaceId/${p.placeId}`,
    );
    expect(emergency.status).toBe(200);
    expect(emergency.body.Data.results).toHaveLength(4);
    const modes = await ctx.app.db
      .selectFrom('admin_logs')
      .select('details')
      .where('action', '=', 901)
      .where('place_id', '=', p.placeId)
      .execute();
    expect(modes.map((m) => JSON.parse(m.details!).mode)).toEqual(['cleaning', 'normal', 'emergency']);
    const wrong = await call(ctx.app, a.token, {
      method: 'POST',
      url: `/api/julian/place/${p.placeId}/mode`,
      payload: { mode: 'party' },
    });
    expect(wrong.status).toBe(400);
  });

  it('disables and enables a locker with its admin log', async () => {
    const a = await signIn(ctx.app, 'editor');
    const p = await createPlace(ctx.app, { doors: 1 });
    const id = p.lockers[0]!.id;
    const off = await call<LockerView>(ctx.app, a.token, {
      method: 'POST',
      url: `/api/julian/locker/${id}/enabled`,
      payload: { enabled: 0 },
    });
    expect(off.body.Data).toMatchObject({ id, enabled: 0 });
    await call(ctx.app, a.token, {
      method: 'POST',
      url: `/api/julian/locker/${id}/enabled`,
      payload: { enabled: 1 },
    });
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select('action')
      .where('locker_id', '=', id)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual([902, 903]);
    expect(
      (
        await call(ctx.app, a.token, {
          method: 'POST',
          url: `/api/julian/locker/${id}/enabled`,
          payload: { enabled: 3 },
        })
      ).status,
    ).toBe(400);
  });
});

describeEachDb('alerts, counts and analytics', (ctx) => {
  it('lists alert lockers, counts open doors, and expired lockers by area', async () => {
    const a = await signIn(ctx.app, 'admin');
    const office = await createPlace(ctx.app, { name: 'Escritório', doors: 3 });
    const delivery = await createPlace(ctx.app, { name: 'Entregas', type: 'DELIVERY', doors: 2 });
    ctx.app.devices.simulator!.simulator(office.placeId)!.openByHand(2);
    await waitFor(async () => {
      await ctx.app.devices.events.drain();
      return (
        (await get<{ count: number }>(ctx.app, a.token, '/api/julian/alerts/count')).body.Data.count === 1
      );
    });
    const alerts = await get<{ alerts: AlertLocker[]; totalAlerts: number }>(
      ctx.app,
      a.token,
      '/api/julian/alerts',
    );
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
    expect(
      (await get(ctx.app, a.token, '/api/julian/dashboard/getOpenedOrAlertLockersCount')).body.Data,
    ).toEqual({ opened: 1, alerts: 1, total: 2 });
    expect(
      (await get<AlertLocker[]>(ctx.app, a.token, '/api/julian/dashboard/getNotClosedLockers')).body.Data.map(
        (l) => l.doorNumber,
      ).sort(),
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
    expect((await get(ctx.app, a.token, '/api/julian/dashboard/getExpiredLockersCount')).body.Data).toEqual({
      office: 1,
      delivery: 1,
    });
    const expired = await get<{
      office: Record<string, AlertLocker[]>;
      delivery: Record<string, AlertLocker[]>;
    }>(ctx.app, a.token, '/api/julian/getExpiredLockers');
    expect(Object.keys(expired.body.Data.office)).toEqual(['Escritório']);
    expect(expired.body.Data.delivery['Entregas']![0]!.doorNumber).toBe(2);
    const store = await signIn(ctx.app, 'store', { company: 'Loja' });
    const storeView = await get<{ office: object; delivery: object }>(
      ctx.app,
      store.token,
      '/api/julian/getExpiredLockers',
    );
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
    const r = await get<PlaceAnalytics>(ctx.app, a.token, `/api/julian/dashboard/place/${p.placeId}`);
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
    expect((await get(ctx.app, a.token, '/api/julian/dashboard/place/999999')).status).toBe(404);
  });

  it('reports service status and drives the simulator through dev routes', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { name: 'Estado', doors: 2 });
    const st = await get<{
      servers: unknown[];
      readers: Array<{ placeId: number; online: boolean; doors: number }>;
    }>(ctx.app, a.token, '/api/service/status');
    expect(st.body.Data.servers).toHaveLength(1);
    expect(st.body.Data.readers.find((r) => r.placeId === p.placeId)).toMatchObject({
      online: true,
      doors: 2,
    });
    const open = await call(ctx.app, a.token, {
      method: 'POST',
      url: `/api/dev/simulator/${p.placeId}/doors/1/open`,
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
    await call(ctx.app, a.token, { method: 'POST', url: `/api/dev/simulator/${p.placeId}/doors/1/close` });
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
      (await call(ctx.app, a.token, { method: 'POST', url: `/api/dev/simulator/${p.placeId}/doors/9/open` }))
        .status,
    ).toBe(404);
    const e = await signIn(ctx.app, 'editor');
    expect(
      (await call(ctx.app, e.token, { method: 'POST', url: `/api/dev/simulator/${p.placeId}/doors/1/open` }))
        .status,
    ).toBe(403);
  });
});

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
    const r = await call<{ Place: PlaceView; Lockers: LockerView[] }>(ctx.app, a.token, {
      method: 'GET',
      url: `/api/julian/lockersByPlace/${p.placeId}`,
    });
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

    const r = await get<{ Place: PlaceView; Lockers: LockerView[] }>(
      ctx.app,
      a.token,
      `/api/julian/lockersByPlace/${p.placeId}`,
    );
    expect(r.body.Data.Lockers.map((l) => l.locker_users.length)).toEqual([2, 0, 0]);
    expect(r.body.Data.Lockers[1]!.activeDelivery).not.toBeNull();
    expect(r.body.Data.Place.available).toBe(1);
  });
});
