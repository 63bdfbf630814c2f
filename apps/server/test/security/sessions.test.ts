import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, ACCOUNT_ROLES, ROLE } from '@cacifo/contract';
import { callApi, describeEachDb, signIn, TEST_CLIENT } from '../helpers/test-app.js';

type Tokens = { access_token: string; refresh_token: string };

/**
 * Issue #20, sessions and exposure: a replayed refresh token ends its whole sign-in (OAuth 2.0
 * security BCP), a disabled account's tokens stay dead when it is enabled again, signed-in replies
 * are never cached, and the anonymous health check says how the instance is and nothing more.
 */
describeEachDb('sessions and exposure', (ctx) => {
  const refresh = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'refresh_token', refresh_token: token, ...TEST_CLIENT },
    });
  const alive = async (access: string) => (await callApi(ctx.app, access, API.admins.profile, {})).status;

  it('a used refresh token presented again revokes every token of its sign-in', async () => {
    const user = await signIn(ctx.app, 'editor');
    const other = await signIn(ctx.app, 'editor');
    const first = await refresh(user.refreshToken);
    expect(first.statusCode).toBe(200);
    const second = (await refresh((first.json().Data as Tokens).refresh_token)).json().Data as Tokens;
    expect(await alive(second.access_token)).toBe(200);
    // The first refresh token again: a thief (or the victim) replays it.
    const replay = await refresh(user.refreshToken);
    expect([replay.statusCode, replay.json().Description]).toEqual([401, 'sessionExpired']);
    expect(await alive(second.access_token)).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    // Another sign-in of the same kind is untouched.
    expect(await alive(other.token)).toBe(200);
  });

  it('disabling an account ends its sessions for good; enabling it again revives none', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const courier = await signIn(ctx.app, 'courier');
    const toggle = (enabled: boolean) =>
      callApi(ctx.app, admin.token, API.admins.setEnabled, { params: { id: courier.id }, body: { enabled } });
    expect((await toggle(false)).status).toBe(200);
    expect(await alive(courier.token)).toBe(401);
    expect((await toggle(true)).status).toBe(200);
    expect(await alive(courier.token)).toBe(401);
    expect((await refresh(courier.refreshToken)).statusCode).toBe(401);
  });

  it('answers signed-in calls with Cache-Control: no-store', async () => {
    const user = await signIn(ctx.app, 'admin');
    for (const endpoint of [API.admins.profile, API.shell.health, API.orders.list]) {
      const r = await callApi(ctx.app, user.token, endpoint, {});
      expect([endpoint.path, r.raw.headers['cache-control']]).toEqual([endpoint.path, 'no-store']);
    }
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'password', username: 'nobody', password: 'x', ...TEST_CLIENT },
    });
    expect(token.headers['cache-control']).toBe('no-store');
  });

  it('tells a visitor only the status; details are for signed-in users', async () => {
    const anonymous = await callApi(ctx.app, null, API.shell.health, {});
    expect(anonymous.status).toBe(200);
    // The login page's reCAPTCHA key is public by nature; nothing else is told.
    expect(anonymous.body).toEqual({
      ResultCode: 1,
      Data: { status: 'ok', features: { recaptchaSiteKey: '' } },
      Description: '',
    });
    const admin = await signIn(ctx.app, 'admin');
    const details = await callApi(ctx.app, admin.token, API.shell.health, {});
    expect(Object.keys(details.body.Data).sort()).toEqual(
      ['database', 'devices', 'features', 'instance', 'modules', 'status', 'version'].sort(),
    );
  });

  const EVERY_ROLE_BUT_ADMIN = ACCOUNT_ROLES.filter((r) => r !== ROLE.ADMIN);
  it('tells other roles, kiosks included, the status and what their screens need, no details', async () => {
    // issue #31: the database, the device driver, the controller count and the instance's
    // address are for 'health.details' (admins).
    for (const role of EVERY_ROLE_BUT_ADMIN) {
      const user = await signIn(ctx.app, role);
      const r = await callApi(ctx.app, user.token, API.shell.health, {});
      expect([r.status, Object.keys(r.body.Data).sort()], role).toEqual([
        200,
        ['features', 'modules', 'status'],
      ]);
      expect(JSON.stringify(r.body), role).not.toMatch(/sqlite|postgres|simulator|mqtt/);
    }
  });

  it('a database without its schema is not healthy', async () => {
    const user = await signIn(ctx.app, 'admin');
    const moved = sql.raw(ctx.dialect === 'postgres' ? 'kysely_migration_away' : '"kysely_migration_away"');
    await sql`alter table kysely_migration rename to ${moved}`.execute(ctx.app.db);
    try {
      const anonymous = await callApi(ctx.app, null, API.shell.health, {});
      expect([anonymous.status, anonymous.body]).toEqual([
        503,
        {
          ResultCode: 0,
          Data: { status: 'degraded', features: { recaptchaSiteKey: '' } },
          Description: 'degraded',
        },
      ]);
      const details = await callApi(ctx.app, user.token, API.shell.health, {});
      expect([details.status, details.body.Data.database?.ok]).toEqual([503, false]);
    } finally {
      await sql`alter table ${moved} rename to kysely_migration`.execute(ctx.app.db);
    }
    expect((await callApi(ctx.app, null, API.shell.health, {})).status).toBe(200);
  });
});
