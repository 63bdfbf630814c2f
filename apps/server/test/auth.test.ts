import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import {
  call,
  callApi,
  createAccount,
  describeEachDb,
  login,
  signIn,
  TEST_CLIENT,
  TEST_PASSWORD,
} from './helpers/test-app.js';

const grant = (body: Record<string, unknown>) => ({
  method: 'POST' as const,
  url: '/oauth/v2/token',
  payload: body,
});

describeEachDb('OAuth token grant', (ctx) => {
  it('answers an access and a refresh token for good credentials', async () => {
    const a = await createAccount(ctx.app, 'admin');
    const res = await call(
      ctx.app,
      null,
      grant({ grant_type: 'password', username: a.username, password: a.password, ...TEST_CLIENT }),
    );
    expect(res.status).toBe(200);
    expect(res.body.ResultCode).toBe(1);
    const top = res.raw.json();
    expect(top.access_token).toMatch(/^[\w-]{40,}$/);
    expect(top.token_type).toBe('bearer');
    expect(top.expires_in).toBe(3600);
    expect(top.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.Data).toMatchObject({ access_token: top.access_token });
    expect(res.raw.headers['cache-control']).toBe('no-store');
  });

  it('takes a form-encoded body like any OAuth client', async () => {
    const a = await createAccount(ctx.app, 'editor');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: a.username,
        password: a.password,
        ...TEST_CLIENT,
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTruthy();
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const a = await createAccount(ctx.app, 'admin');
    const wrong = await call(
      ctx.app,
      null,
      grant({ grant_type: 'password', username: a.username, password: 'nope', ...TEST_CLIENT }),
    );
    const unknown = await call(
      ctx.app,
      null,
      grant({ grant_type: 'password', username: 'ghost', password: 'nope', ...TEST_CLIENT }),
    );
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ ResultCode: 0, Data: null, Description: 'invalidCredentials' });
    }
  });

  it('refuses a wrong client secret before looking at the user', async () => {
    const a = await createAccount(ctx.app, 'admin');
    const r = await call(
      ctx.app,
      null,
      grant({
        grant_type: 'password',
        username: a.username,
        password: a.password,
        client_id: 'cacifo-web',
        client_secret: 'x',
      }),
    );
    expect(r.status).toBe(401);
    expect(r.body.Description).toBe('invalidClient');
  });

  it('rejects a malformed grant with the field errors', async () => {
    const r = await call(ctx.app, null, grant({ grant_type: 'password', username: '', ...TEST_CLIENT }));
    expect(r.status).toBe(400);
    expect(r.body.Description).toBe('invalidInput');
    expect(Object.keys(r.body.Data as object)).toEqual(
      expect.arrayContaining(['body.username', 'body.password']),
    );
  });

  it('limits failed logins per username, even for the right password afterwards', async () => {
    const a = await createAccount(ctx.app, 'admin');
    for (let i = 0; i < 5; i++) {
      const r = await call(
        ctx.app,
        null,
        grant({ grant_type: 'password', username: a.username, password: 'bad', ...TEST_CLIENT }),
      );
      expect(r.status).toBe(400);
    }
    const blocked = await call(
      ctx.app,
      null,
      grant({ grant_type: 'password', username: a.username, password: a.password, ...TEST_CLIENT }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.Description).toBe('tooManyAttempts');
    // It says how long to wait: the rest of the 15-minute window, in minutes and in Retry-After.
    const wait = blocked.body.Data as { minutes: number; retryAfter: number };
    expect(wait.minutes).toBe(15);
    expect(wait.retryAfter).toBeGreaterThan(14 * 60);
    expect(wait.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.raw.headers['retry-after']).toBe(String(wait.retryAfter));
    // Another user from the same address is not locked by it.
    const b = await createAccount(ctx.app, 'admin');
    expect((await login(ctx.app, b.username)).access_token).toBeTruthy();
  });

  it('limits failed logins per address across usernames', async () => {
    const remoteAddress = '203.0.113.77';
    // At once: the limiter counts each attempt atomically, and the hashes share the thread pool.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({
          ...grant({ grant_type: 'password', username: `spray${i}`, password: 'x', ...TEST_CLIENT }),
          remoteAddress,
        }),
      ),
    );
    const a = await createAccount(ctx.app, 'admin');
    const r = await ctx.app.inject({
      ...grant({ grant_type: 'password', username: a.username, password: a.password, ...TEST_CLIENT }),
      remoteAddress,
    });
    expect(r.statusCode).toBe(429);
  });

  it('refuses a disabled account, and its live token stops working at once', async () => {
    const a = await signIn(ctx.app, 'editor');
    expect((await callApi(ctx.app, a.token, API.shell.search, {})).status).toBe(200);
    // Through the administration call, as in production: it also clears the session cache.
    const admin = await signIn(ctx.app, 'admin');
    const off = await callApi(ctx.app, admin.token, API.admins.setEnabled, {
      params: { id: a.id },
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    const r = await callApi(ctx.app, a.token, API.shell.search, {});
    expect(r.status).toBe(401);
    expect(r.body.Description).toBe('sessionExpired');
    const again = await call(
      ctx.app,
      null,
      grant({ grant_type: 'password', username: a.username, password: TEST_PASSWORD, ...TEST_CLIENT }),
    );
    expect(again.status).toBe(403);
    expect(again.body.Description).toBe('accountDisabled');
  });
});

describeEachDb('OAuth refresh, revoke and expiry', (ctx) => {
  it('refreshes once: the new pair works, the old refresh token does not', async () => {
    const a = await signIn(ctx.app, 'admin');
    const r1 = await call(
      ctx.app,
      null,
      grant({ grant_type: 'refresh_token', refresh_token: a.refreshToken, ...TEST_CLIENT }),
    );
    expect(r1.status).toBe(200);
    const fresh = r1.raw.json();
    expect(fresh.access_token).not.toBe(a.token);
    expect((await callApi(ctx.app, fresh.access_token, API.shell.search, {})).status).toBe(200);
    // The refreshed pair replaces the old one.
    expect((await callApi(ctx.app, a.token, API.shell.search, {})).status).toBe(401);
    const reuse = await call(
      ctx.app,
      null,
      grant({ grant_type: 'refresh_token', refresh_token: a.refreshToken, ...TEST_CLIENT }),
    );
    expect(reuse.status).toBe(401);
    expect(reuse.body.Description).toBe('sessionExpired');
  });

  it('logout revokes the token', async () => {
    const a = await signIn(ctx.app, 'courier');
    expect((await callApi(ctx.app, a.token, API.auth.logout, {})).body.ResultCode).toBe(1);
    const r = await callApi(ctx.app, a.token, API.shell.search, {});
    expect(r.status).toBe(401);
    expect(r.body.Description).toBe('sessionExpired');
    const refresh = await call(
      ctx.app,
      null,
      grant({ grant_type: 'refresh_token', refresh_token: a.refreshToken, ...TEST_CLIENT }),
    );
    expect(refresh.status).toBe(401);
  });

  it('an expired access token reads as an expired session', async () => {
    const a = await signIn(ctx.app, 'admin');
    await ctx.app.db
      .updateTable('tokens')
      .set({ access_expires_at: '2000-01-01T00:00:00.000Z' })
      .where('admin_id', '=', a.id)
      .execute();
    const r = await callApi(ctx.app, a.token, API.shell.search, {});
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ ResultCode: 0, Data: null, Description: 'sessionExpired' });
  });

  it('an expired refresh token cannot be used', async () => {
    const a = await signIn(ctx.app, 'admin');
    await ctx.app.db
      .updateTable('tokens')
      .set({ refresh_expires_at: '2000-01-01T00:00:00.000Z' })
      .where('admin_id', '=', a.id)
      .execute();
    const r = await call(
      ctx.app,
      null,
      grant({ grant_type: 'refresh_token', refresh_token: a.refreshToken, ...TEST_CLIENT }),
    );
    expect(r.status).toBe(401);
  });

  it('stores only token hashes', async () => {
    const a = await signIn(ctx.app, 'admin');
    const rows = await ctx.app.db.selectFrom('tokens').selectAll().where('admin_id', '=', a.id).execute();
    expect(rows.length).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(a.token);
    expect(JSON.stringify(rows)).not.toContain(a.refreshToken);
    const admin = await ctx.app.db
      .selectFrom('admins')
      .select('password_hash')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^scrypt\$/);
    expect(admin.password_hash).not.toContain(TEST_PASSWORD);
  });
});

describeEachDb('role lookup', (ctx) => {
  it('answers roles and company for the store role', async () => {
    const s = await signIn(ctx.app, 'store', { company: 'Loja Chiado' });
    const r = await callApi(ctx.app, s.token, API.auth.storeUser, { params: { username: s.username } });
    expect(r.status).toBe(200);
    expect(r.body.Data).toMatchObject({
      username: s.username,
      role: 'store',
      roles: ['ROLE_STORE'],
      company: 'Loja Chiado',
    });
  });
  it('lets an account read only its own entry unless admin', async () => {
    const c = await signIn(ctx.app, 'courier');
    const other = await createAccount(ctx.app, 'editor');
    expect(
      (await callApi(ctx.app, c.token, API.auth.storeUser, { params: { username: other.username } })).status,
    ).toBe(404);
    const admin = await signIn(ctx.app, 'admin');
    const r = await callApi(ctx.app, admin.token, API.auth.storeUser, {
      params: { username: other.username },
    });
    expect(r.body.Data).toMatchObject({ role: 'editor', roles: ['ROLE_EDITOR'], company: null });
    expect(
      (await callApi(ctx.app, admin.token, API.auth.storeUser, { params: { username: 'nobody' } })).status,
    ).toBe(404);
  });
  it('needs a session', async () => {
    const r = await callApi(ctx.app, null, API.auth.storeUser, { params: { username: 'admin' } });
    expect(r.status).toBe(401);
  });
});
