import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, type CallInput, type Endpoint, fillPath } from '@cacifo/contract';
import { callApi, describeEachDb, signIn, call } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';

const get = <E extends Endpoint>(app: FastifyInstance, token: string, endpoint: E, input: CallInput<E>) =>
  callApi(app, token, endpoint, input);

describeEachDb('locker actions: remote opens, place modes, disabled lockers', (ctx) => {
  it('opens a locker remotely, logs it, and says so when the door does not open', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { doors: 2 });
    const ok = await get(ctx.app, a.token, API.locations.openLocker, { params: { id: p.lockers[0]!.id } });
    expect(ok.status).toBe(200);
    expect(ok.body.Data).toMatchObject({ ok: true, outcome: 'opened', doorNumber: 1 });
    ctx.app.devices.simulator!.simulator(p.placeId)!.setFault('jam', 2);
    const jam = await get(ctx.app, a.token, API.locations.openLocker, { params: { id: p.lockers[1]!.id } });
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
    expect((await get(ctx.app, a.token, API.locations.openLocker, { params: { id: 999999 } })).status).toBe(
      404,
    );
  });

  it('cleaning opens only free lockers and marks them; normal gives them back; emergency opens all', async () => {
    const a = await signIn(ctx.app, 'admin');
    const p = await createPlace(ctx.app, { doors: 4 });
    await ctx.app.db.updateTable('lockers').set({ status: 2 }).where('id', '=', p.lockers[0]!.id).execute();
    const clean = await get(ctx.app, a.token, API.locations.openFree, { params: { id: p.placeId } });
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
    const normal = await callApi(ctx.app, a.token, API.locations.setMode, {
      params: { id: p.placeId },
      body: { mode: 'normal' },
    });
    expect(normal.body.Data.Place.mode).toBe('normal');
    const back = await ctx.app.db
      .selectFrom('lockers')
      .select('enabled')
      .where('place_id', '=', p.placeId)
      .execute();
    expect(back.every((l) => l.enabled === 1)).toBe(true);
    const sec = await signIn(ctx.app, 'security');
    expect(
      (await get(ctx.app, sec.token, API.locations.openFree, { params: { id: p.placeId } })).status,
    ).toBe(403);
    const emergency = await get(ctx.app, sec.token, API.locations.openAll, { params: { id: p.placeId } });
    expect(emergency.status).toBe(200);
    expect(emergency.body.Data.results).toHaveLength(4);
    const modes = await ctx.app.db
      .selectFrom('admin_logs')
      .select('details')
      .where('action', '=', 901)
      .where('place_id', '=', p.placeId)
      .execute();
    expect(modes.map((m) => JSON.parse(m.details!).mode)).toEqual(['cleaning', 'normal', 'emergency']);
    // A mode that does not exist: the typed body cannot hold it.
    const wrong = await call(ctx.app, a.token, {
      method: 'POST',
      url: fillPath(API.locations.setMode.path, { id: p.placeId }),
      payload: { mode: 'party' },
    });
    expect(wrong.status).toBe(400);
  });

  it('disables and enables a locker with its admin log', async () => {
    const a = await signIn(ctx.app, 'editor');
    const p = await createPlace(ctx.app, { doors: 1 });
    const id = p.lockers[0]!.id;
    const off = await callApi(ctx.app, a.token, API.locations.setLockerEnabled, {
      params: { id },
      body: { enabled: 0 },
    });
    expect(off.body.Data).toMatchObject({ id, enabled: 0 });
    await callApi(ctx.app, a.token, API.locations.setLockerEnabled, { params: { id }, body: { enabled: 1 } });
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select('action')
      .where('locker_id', '=', id)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual([902, 903]);
    expect(
      // Neither 0 nor 1: the typed body cannot hold it.
      (
        await call(ctx.app, a.token, {
          method: 'POST',
          url: fillPath(API.locations.setLockerEnabled.path, { id }),
          payload: { enabled: 3 },
        })
      ).status,
    ).toBe(400);
  });
});
