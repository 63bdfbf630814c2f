import { expect, it } from 'vitest';
import { API, can } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';
import { versionOf } from './helpers/versions.js';

/**
 * Issue #31: an editor changes no account's role, kiosk location or enabled state (nor password or
 * PIN); the contract's 'accounts.manageAccess' says so, and an admin still does all of it.
 */
describeEachDb('account access changes', (ctx) => {
  const snapshot = async (id: number) => {
    const row = await ctx.app.db
      .selectFrom('admins')
      .select(['role', 'enabled', 'password_hash', 'pin_hash', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const kiosk = await ctx.app.db
      .selectFrom('kiosk_screens')
      .select('place_id')
      .where('admin_id', '=', id)
      .executeTakeFirst();
    return { ...row, place: kiosk?.place_id ?? null };
  };

  it('only the permission table grants it: admins, not editors', () => {
    expect(can('admin', 'accounts.manageAccess')).toBe(true);
    expect(can('editor', 'accounts.manageAccess')).toBe(false);
    expect(can('editor', 'admins.edit')).toBe(true);
  });

  it("an editor's attempts are refused with 403 and change nothing; an admin's work", async () => {
    const editor = await signIn(ctx.app, 'editor');
    const admin = await signIn(ctx.app, 'admin');
    const security = await signIn(ctx.app, 'security');
    const screen = await signIn(ctx.app, 'screen');
    const first = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
    const second = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
    await bindScreen(ctx.app, screen.id, second.placeId);

    const put = async (token: string, id: number, body: Record<string, unknown>) =>
      callApi(ctx.app, token, API.admins.update, {
        params: { id },
        body: { updatedAt: await versionOf(ctx.app, 'admins', id), ...body },
      });
    const setEnabled = (token: string, id: number, enabled: boolean) =>
      callApi(ctx.app, token, API.admins.setEnabled, { params: { id }, body: { enabled } });

    const beforeScreen = await snapshot(screen.id);
    const beforeSecurity = await snapshot(security.id);
    const attempts: [number, Record<string, unknown>][] = [
      [screen.id, { kioskPlaceId: first.placeId }],
      [screen.id, { kioskPlaceId: null }],
      [screen.id, { role: 'dash' }],
      [screen.id, { name: 'Quiosque', kioskPlaceId: first.placeId }],
      [security.id, { role: 'admin' }],
      [security.id, { password: 'novo12', confirmPassword: 'novo12' }],
      [security.id, { pin: '4321' }],
    ];
    for (const [id, body] of attempts) {
      const res = await put(editor.token, id, body);
      expect([JSON.stringify(body), res.status, res.body.Description]).toEqual([
        JSON.stringify(body),
        403,
        'forbidden',
      ]);
    }
    for (const enabled of [false, true]) {
      const res = await setEnabled(editor.token, security.id, enabled);
      expect([res.status, res.body.Description]).toEqual([403, 'forbidden']);
    }
    expect(await snapshot(screen.id)).toEqual(beforeScreen);
    expect(await snapshot(security.id)).toEqual(beforeSecurity);
    // The security account still signs in and acts: it was not disabled.
    expect((await callApi(ctx.app, security.token, API.alerts.list, {})).status).toBe(200);

    // Contact details stay an editor's, also when the form sends the role and location unchanged.
    const contact = await put(editor.token, screen.id, {
      phone: '934444444',
      role: 'screen',
      kioskPlaceId: second.placeId,
    });
    expect([contact.status, contact.body.Data.phone]).toEqual([200, '934444444']);
    expect((await snapshot(screen.id)).place).toBe(second.placeId);

    // An admin does every one of them.
    expect(
      (await put(admin.token, screen.id, { kioskPlaceId: first.placeId })).body.Data.kioskPlace,
    ).toMatchObject({ id: first.placeId });
    expect((await setEnabled(admin.token, security.id, false)).body.Data.enabled).toBe(false);
    expect((await snapshot(security.id)).enabled).toBe(0);
    expect((await setEnabled(admin.token, security.id, true)).body.Data.enabled).toBe(true);
    expect((await put(admin.token, security.id, { role: 'courier' })).body.Data.role).toBe('courier');
  });

  it('delivery lockers are switched by admins only, at the route (lockers.enable)', async () => {
    const place = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
    const locker = place.lockers[0]!;
    const body = { lockerIds: [locker.id], enabled: false };
    const store = await signIn(ctx.app, 'store', { company: 'Loja A' });
    const refused = await callApi(ctx.app, store.token, API.orders.setLockersEnabled, { body });
    expect([refused.status, refused.body.Description]).toEqual([403, 'forbidden']);
    const admin = await signIn(ctx.app, 'admin');
    const done = await callApi(ctx.app, admin.token, API.orders.setLockersEnabled, { body });
    expect(done.status).toBe(200);
  });
});
