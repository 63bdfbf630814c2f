import { expect, it } from 'vitest';
import type { AdminLogFilters, AdminLogList, QrState, ToolTextsReply } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { renderToolText } from '../src/modules/tools/tools.service.js';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';

describeEachDb('Admin logs', (ctx) => {
  it('lists newest first, filtered by admin, action, place and date range, paged on the server', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const db = ctx.app.db;
    const place = await db
      .insertInto('places')
      .values({
        name: 'Sede',
        type: 'OFFICE',
        system_type: 'locker',
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (action: number, created_at: string, extra = {}) => ({
      admin_id: admin.id,
      admin_name: 'Admin',
      action,
      created_at,
      ...extra,
    });
    await db
      .insertInto('admin_logs')
      .values([
        row(10, '2026-01-05T10:00:00.000Z', {
          place_id: place.id,
          place_name: 'Sede',
          user_id: 77,
          user_name: 'Ana',
        }),
        row(24, '2026-01-06T10:00:00.000Z'),
        row(900, '2026-01-07T23:59:59.000Z', {
          place_id: place.id,
          place_name: 'Sede',
          door_number: 3,
          locker_id: 9,
        }),
        { admin_id: null, admin_name: 'system', action: 23, created_at: '2026-01-08T00:00:00.000Z' },
      ])
      .execute();
    const get = (qs: string) =>
      call<AdminLogList>(ctx.app, admin.token, { method: 'GET', url: `/api/admin/logs?${qs}` });

    const all = await get(`adminId=${admin.id}`);
    expect(all.body.Data.logs.map((l) => l.action)).toEqual([900, 24, 10]);
    expect(all.body.Data.logs[0]).toMatchObject({ placeName: 'Sede', doorNumber: 3, lockerId: 9 });
    expect((await get('action=10,900')).body.Data.logs.map((l) => l.action)).toEqual([900, 10]);
    expect((await get(`placeId=${place.id}`)).body.Data.total).toBe(2);
    expect((await get('userId=77')).body.Data.logs[0]!.userName).toBe('Ana');
    expect(
      (await get('createdAtInterval=2026-01-06|2026-01-07')).body.Data.logs.map((l) => l.action),
    ).toEqual([900, 24]);
    const page = await get('max_results=2&offset=1');
    expect(page.body.Data.logs).toHaveLength(2);
    expect(page.body.Data.total).toBe(4);
    expect(page.body.Data.logs[0]!.action).toBe(900);
    // Sorted on the server by a whitelisted column (issue #22), ties by id.
    expect(
      (await get(`adminId=${admin.id}&sort=action&order=asc`)).body.Data.logs.map((l) => l.action),
    ).toEqual([10, 24, 900]);
    expect(
      (await get(`adminId=${admin.id}&sort=createdAt&order=asc`)).body.Data.logs.map((l) => l.action),
    ).toEqual([10, 24, 900]);
    expect(
      (await get('createdAtInterval=2026-01-05|2026-01-08&sort=adminName&order=desc')).body.Data.logs.map(
        (l) => l.adminName,
      ),
    ).toEqual(['system', 'Admin', 'Admin', 'Admin']);

    // The export has the filtered rows in the list's order (issue #22).
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/logs/export?adminId=${admin.id}&sort=action&order=desc&format=csv&language=en`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body.charCodeAt(0)).toBe(0xfeff);
    const lines = file.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]!.slice(0, 2)).toEqual(['Date', 'Admin']);
    expect(lines.slice(1).map((l) => l[0])).toEqual([
      '2026-01-07T23:59:59.000Z',
      '2026-01-06T10:00:00.000Z',
      '2026-01-05T10:00:00.000Z',
    ]);

    for (const bad of [
      'sort=details',
      'createdAtInterval=2026-01-07|2026-01-06',
      'createdAtInterval=yesterday',
      'action=a,b',
      'max_results=0',
    ]) {
      expect((await get(bad)).status, bad).toBe(400);
    }
    const filters = await call<AdminLogFilters>(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/admin/logs/filters',
    });
    expect(filters.body.Data.places).toEqual([{ id: place.id, name: 'Sede' }]);
    expect(filters.body.Data.actions).toEqual([10, 23, 24, 900]);
  });

  it('editors read the log; couriers and stores cannot', async () => {
    const editor = await signIn(ctx.app, 'editor');
    expect((await call(ctx.app, editor.token, { method: 'GET', url: '/api/admin/logs' })).status).toBe(200);
    for (const role of ['courier', 'store'] as const) {
      const s = await signIn(ctx.app, role, { company: 'Loja' });
      expect((await call(ctx.app, s.token, { method: 'GET', url: '/api/admin/logs' })).status).toBe(403);
    }
  });
});

describeEachDb('Admin tools', (ctx) => {
  it('texts: defaults in four languages, saved changes, kiosk reads in one language', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const texts = await call<ToolTextsReply>(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/admin/tools/texts',
    });
    // The version of the whole set, sent back with each save (docs/adr/0027): null until first saved.
    const version = async () =>
      (await call<ToolTextsReply>(ctx.app, admin.token, { method: 'GET', url: '/api/admin/tools/texts' }))
        .body.Data.updatedAt;
    expect(texts.body.Data.updatedAt).toBeNull();
    const rental = texts.body.Data.texts.find((t) => t.key === 'sms.rentalStarted')!;
    expect(rental).toMatchObject({ group: 'sms', updatedAt: null });
    expect(rental.placeholders).toContain('door');
    for (const l of ['pt', 'en', 'es', 'fr'] as const) expect(rental[l]).toContain('{door}');
    // Delivery messages have templates of their own (notifications); they left the tool texts.
    expect(texts.body.Data.texts.some((t) => t.key.startsWith('sms.pickup'))).toBe(false);
    const put = await call<ToolTextsReply>(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/tools/texts',
      payload: {
        texts: [{ key: 'kiosk.welcome', pt: 'Olá!', en: 'Hi!', es: '¡Hola!', fr: 'Salut !' }],
        updatedAt: null,
      },
    });
    expect(put.body.Data.updatedAt).not.toBeNull();
    expect(put.body.Data.texts.find((t) => t.key === 'kiosk.welcome')).toMatchObject({
      pt: 'Olá!',
      fr: 'Salut !',
    });
    const bad = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/tools/texts',
      payload: {
        texts: [{ key: 'kiosk.nope', pt: 'a', en: 'a', es: 'a', fr: 'a' }],
        updatedAt: await version(),
      },
    });
    expect(bad.status).toBe(400);
    const long = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/tools/texts',
      payload: {
        texts: [{ key: 'kiosk.welcome', pt: 'x'.repeat(2001), en: 'a', es: 'a', fr: 'a' }],
        updatedAt: await version(),
      },
    });
    expect(long.status).toBe(400);
    // The Portuguese text is what the others fall back to: blank, it is refused and nothing changes.
    const blank = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/tools/texts',
      payload: {
        texts: [{ key: 'kiosk.welcome', pt: '   ', en: 'Hi!', es: 'x', fr: 'x' }],
        updatedAt: await version(),
      },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.Data).toEqual({ 'body.texts.0.pt': 'validation.required' });
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, (await createPlace(ctx.app, { doors: 1 })).placeId);
    const kiosk = await call<Record<string, string>>(ctx.app, screen.token, {
      method: 'GET',
      url: '/api/kiosk/texts?language=es',
    });
    expect(kiosk.body.Data['kiosk.welcome']).toBe('¡Hola!');
    expect(kiosk.body.Data['sms.rentalStarted']).toBeUndefined();
    // What senders call: placeholders filled in, an empty translation falls back to Portuguese.
    const rentalSaved = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/tools/texts',
      payload: {
        texts: [{ key: 'sms.rentalStarted', pt: 'Cacifo {door} em {place}.', en: '', es: 'x', fr: 'x' }],
        updatedAt: await version(),
      },
    });
    expect(rentalSaved.status).toBe(200);
    expect(await renderToolText(ctx.app.db, 'sms.rentalStarted', 'en', { door: 3, place: 'Sede' })).toBe(
      'Cacifo 3 em Sede.',
    );
    expect(await renderToolText(ctx.app.db, 'kiosk.doorOpened', 'pt', { door: 7 })).toContain('A porta 7');
    const editor = await signIn(ctx.app, 'editor');
    expect((await call(ctx.app, editor.token, { method: 'GET', url: '/api/admin/tools/texts' })).status).toBe(
      403,
    );
  });

  it('refresh QR needs a confirmation, logs 24 and changes what kiosks show', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, (await createPlace(ctx.app, { doors: 1 })).placeId);
    const before = await call<{ payload: string }>(ctx.app, screen.token, {
      method: 'GET',
      url: '/api/kiosk/qr',
    });
    const unconfirmed = await call(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/tools/refresh-qr',
      payload: {},
    });
    expect(unconfirmed.status).toBe(400);
    const state = await call<QrState>(ctx.app, admin.token, { method: 'GET', url: '/api/admin/tools/qr' });
    const res = await call<QrState>(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/tools/refresh-qr',
      payload: { confirm: true },
    });
    expect(res.body.Data.version).toBe(state.body.Data.version + 1);
    expect(res.body.Data.refreshedAt).toBeTruthy();
    const after = await call<{ payload: string }>(ctx.app, screen.token, {
      method: 'GET',
      url: '/api/kiosk/qr',
    });
    expect(after.body.Data.payload).not.toBe(before.body.Data.payload);
    const log = await ctx.app.db.selectFrom('admin_logs').selectAll().where('action', '=', 24).execute();
    expect(log.map((l) => l.admin_id)).toContain(admin.id);
  });

  it('delete all user data: PIN and confirmation, log 23, nothing changes on a wrong PIN', async () => {
    const admin = await signIn(ctx.app, 'admin');
    await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/profile/pin',
      payload: { password: 'segredo1', pin: '2468' },
    });
    const db = ctx.app.db;
    await db
      .insertInto('messages')
      .values({
        event: 'pickupCode',
        channel: 'sms',
        recipient: '912345678',
        language: 'pt',
        body: 'olá',
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const now = nowIso();
    const place = await db
      .insertInto('places')
      .values({ name: 'P', type: 'OFFICE', system_type: 'locker', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const locker = (door: number) =>
      db
        .insertInto('lockers')
        .values({
          place_id: place.id,
          door_number: door,
          size: 'S',
          status: 2,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const occupied = await locker(1);
    const withAsset = await locker(2);
    await db.updateTable('lockers').set({ status: 4 }).where('id', '=', withAsset.id).execute();
    const asset = await db
      .insertInto('assets')
      .values({
        name: 'Portátil',
        tag: `T${Date.now()}`,
        created_at: now,
        updated_at: now,
        status_change_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('asset_lockers')
      .values({ asset_id: asset.id, locker_id: withAsset.id, created_at: now })
      .execute();
    const smsCount = async () =>
      Number(
        (
          await db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const wrong = await call(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/tools/reset-data',
      payload: { pin: '0000', confirm: true },
    });
    expect([wrong.status, wrong.body.Description]).toEqual([422, 'wrongPin']);
    const noConfirm = await call(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/tools/reset-data',
      payload: { pin: '2468' },
    });
    expect(noConfirm.status).toBe(400);
    expect(await smsCount()).toBe(1);

    const ok = await call<{ cleared: Record<string, number> }>(ctx.app, admin.token, {
      method: 'POST',
      url: '/api/admin/tools/reset-data',
      payload: { pin: '2468', confirm: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.Data.cleared.messages).toBe(1);
    expect(await smsCount()).toBe(0);
    const lockers = await db
      .selectFrom('lockers')
      .select(['id', 'status'])
      .where('id', 'in', [occupied.id, withAsset.id])
      .execute();
    expect(Object.fromEntries(lockers.map((l) => [l.id, l.status]))).toEqual({
      [occupied.id]: 0,
      [withAsset.id]: 4,
    });
    const [log] = await db.selectFrom('admin_logs').selectAll().where('action', '=', 23).execute();
    expect(log).toMatchObject({ admin_id: admin.id });
    // Accounts are not user data.
    expect((await call(ctx.app, admin.token, { method: 'GET', url: '/api/admin/profile' })).status).toBe(200);

    const editor = await signIn(ctx.app, 'editor');
    const denied = await call(ctx.app, editor.token, {
      method: 'POST',
      url: '/api/admin/tools/reset-data',
      payload: { pin: '2468', confirm: true },
    });
    expect(denied.status).toBe(403);
  });

  it('wrong PINs are rate limited', async () => {
    const admin = await signIn(ctx.app, 'admin');
    // Guesses count against a PIN that exists (an account without one is told to set it).
    const { hashSecret } = await import('../src/lib/secrets.js');
    await ctx.app.db
      .updateTable('admins')
      .set({ pin_hash: await hashSecret('4321') })
      .where('id', '=', admin.id)
      .execute();
    let last = 0;
    for (let i = 0; i < 7; i++) {
      const r = await call(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/admin/tools/reset-data',
        payload: { pin: '9999', confirm: true },
      });
      last = r.status;
    }
    expect(last).toBe(429);
  });
});
