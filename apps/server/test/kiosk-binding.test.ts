import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { call, callApi, describeEachDb, login, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { versionOf } from './helpers/versions.js';

/** An admin installs a kiosk (screen role) at a location from the accounts screen (issue #23). */
describeEachDb('kiosk binding', (ctx) => {
  it('a screen account is installed at a location, moved, taken out of service; only kiosks have one', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const first = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2 });
    const second = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2 });
    const username = `quiosque${Date.now() % 100000}`;
    const created = await callApi(ctx.app, admin.token, API.admins.create, {
      body: {
        name: 'Quiosque Saldanha',
        username,
        kind: 'screen',
        role: 'screen',
        password: 'segredo1',
        confirmPassword: 'segredo1',
        kioskPlaceId: first.placeId,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.Data.kioskPlace).toMatchObject({ id: first.placeId });
    const { id } = created.body.Data;
    const token = (await login(ctx.app, username, 'segredo1')).access_token;
    const screen = () => callApi(ctx.app, token, API.kiosk.screen, {});
    expect((await screen()).body.Data.placeId).toBe(first.placeId);

    const put = async (body: { kioskPlaceId?: number | null; role?: 'dash' }) =>
      callApi(ctx.app, admin.token, API.admins.update, {
        params: { id },
        body: { updatedAt: await versionOf(ctx.app, 'admins', id), ...body },
      });
    expect((await put({ kioskPlaceId: second.placeId })).body.Data.kioskPlace).toMatchObject({
      id: second.placeId,
    });
    expect((await screen()).body.Data.placeId).toBe(second.placeId);
    // The list says where each kiosk is.
    const list = await callApi(ctx.app, admin.token, API.admins.list, {
      query: { kind: 'screen', search: username },
    });
    expect(list.body.Data.accounts.find((a) => a.id === id)?.kioskPlace?.id).toBe(second.placeId);

    // A place that does not exist, and a location for a role that is not a kiosk, are refused.
    const missing = await put({ kioskPlaceId: 999_999 });
    expect([missing.status, missing.body.Data]).toEqual([400, { 'body.kioskPlaceId': 'validation.invalid' }]);
    // Refused input is sent as it is, past the types.
    const dash = await call(ctx.app, admin.token, {
      method: 'POST',
      url: API.admins.create.path,
      payload: {
        name: 'Painel',
        username: `${username}d`,
        kind: 'screen',
        role: 'dash',
        password: 'segredo1',
        confirmPassword: 'segredo1',
        kioskPlaceId: first.placeId,
      },
    });
    expect([dash.status, dash.body.Description]).toEqual([400, 'invalidInput']);

    // Out of service: the kiosk is told it is installed nowhere.
    expect((await put({ kioskPlaceId: null })).body.Data.kioskPlace).toBeNull();
    expect((await screen()).body.Description).toBe('kioskNotBound');
    // Moved back, then made a monitor: the location goes with the kiosk role.
    await put({ kioskPlaceId: first.placeId });
    const monitor = await put({ role: 'dash' });
    expect(monitor.body.Data.kioskPlace).toBeUndefined();
    const rows = await ctx.app.db
      .selectFrom('kiosk_screens')
      .selectAll()
      .where('admin_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });
});
