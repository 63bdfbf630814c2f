import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, login, signIn, callApi } from './helpers/test-app.js';

describeEachDb('Own profile', (ctx) => {
  it('reads and edits its own details, whatever the role', async () => {
    const me = await signIn(ctx.app, 'courier');
    const res = await callApi(ctx.app, me.token, API.admins.updateProfile, {
      body: { updatedAt: await versionOf(ctx.app, 'admins', me.id), name: 'Rui', notifiable: true },
    });
    expect(res.body.Data).toMatchObject({ id: me.id, name: 'Rui', notifiable: true });
    const bad = await callApi(ctx.app, me.token, API.admins.updateProfile, {
      body: { updatedAt: await versionOf(ctx.app, 'admins', me.id), email: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('changes the password only with the right old one (L42), ending the other sessions', async () => {
    const me = await signIn(ctx.app, 'editor');
    const second = await login(ctx.app, me.username);
    const wrong = await callApi(ctx.app, me.token, API.admins.changePassword, {
      body: { oldPassword: 'wrong', password: 'nova1234', confirmPassword: 'nova1234' },
    });
    expect([wrong.status, wrong.body.Description]).toEqual([422, 'L42']);
    const mismatch = await callApi(ctx.app, me.token, API.admins.changePassword, {
      body: { oldPassword: 'segredo1', password: 'nova1234', confirmPassword: 'nova12345' },
    });
    expect(mismatch.status).toBe(400);
    const ok = await callApi(ctx.app, me.token, API.admins.changePassword, {
      body: { oldPassword: 'segredo1', password: 'nova1234', confirmPassword: 'nova1234' },
    });
    expect(ok.status).toBe(200);
    expect((await callApi(ctx.app, me.token, API.admins.profile, {})).status).toBe(200);
    expect((await callApi(ctx.app, second.access_token, API.admins.profile, {})).status).toBe(401);
    await expect(login(ctx.app, me.username, 'nova1234')).resolves.toHaveProperty('access_token');
  });

  it('changes its PIN with the password, refusing one in use (L41)', async () => {
    const other = await signIn(ctx.app, 'admin');
    const me = await signIn(ctx.app, 'admin');
    await callApi(ctx.app, other.token, API.admins.changePin, {
      body: { password: 'segredo1', pin: '5150' },
    });
    const taken = await callApi(ctx.app, me.token, API.admins.changePin, {
      body: { password: 'segredo1', pin: '5150' },
    });
    expect([taken.status, taken.body.Description]).toEqual([409, 'L41']);
    const wrong = await callApi(ctx.app, me.token, API.admins.changePin, {
      body: { password: 'x', pin: '5151' },
    });
    expect(wrong.body.Description).toBe('L42');
    const ok = await callApi(ctx.app, me.token, API.admins.changePin, {
      body: { password: 'segredo1', pin: '5151' },
    });
    expect(ok.body.Data.hasPin).toBe(true);
    // Keeping one's own PIN is not a clash with oneself.
    const same = await callApi(ctx.app, me.token, API.admins.changePin, {
      body: { password: 'segredo1', pin: '5151' },
    });
    expect(same.status).toBe(200);
  });
});
