import { expect, it } from 'vitest';
import { API, type UpdateToolTextsRequest } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { renderToolText } from '../src/modules/tools/tools.service.js';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';

describeEachDb('Admin tools', (ctx) => {
  it('texts: defaults in four languages, saved changes, kiosk reads in one language', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const texts = await callApi(ctx.app, admin.token, API.tools.texts, {});
    // The version of the whole set, sent back with each save (docs/adr/0027): null until first saved.
    const version = async () =>
      (await callApi(ctx.app, admin.token, API.tools.texts, {})).body.Data.updatedAt;
    const save = async (text: UpdateToolTextsRequest['texts'][number]) =>
      callApi(ctx.app, admin.token, API.tools.updateTexts, {
        body: { texts: [text], updatedAt: await version() },
      });
    expect(texts.body.Data.updatedAt).toBeNull();
    const rental = texts.body.Data.texts.find((t) => t.key === 'sms.rentalStarted')!;
    expect(rental).toMatchObject({ group: 'sms', updatedAt: null });
    expect(rental.placeholders).toContain('door');
    for (const l of ['pt', 'en', 'es', 'fr'] as const) expect(rental[l]).toContain('{door}');
    // Delivery messages have templates of their own (notifications); they left the tool texts.
    expect(texts.body.Data.texts.some((t) => t.key.startsWith('sms.pickup'))).toBe(false);
    const put = await callApi(ctx.app, admin.token, API.tools.updateTexts, {
      body: {
        texts: [{ key: 'kiosk.welcome', pt: 'Olá!', en: 'Hi!', es: '¡Hola!', fr: 'Salut !' }],
        updatedAt: null,
      },
    });
    expect(put.body.Data.updatedAt).not.toBeNull();
    expect(put.body.Data.texts.find((t) => t.key === 'kiosk.welcome')).toMatchObject({
      pt: 'Olá!',
      fr: 'Salut !',
    });
    // A text key that is none is past the types: sent as it is.
    const bad = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: API.tools.updateTexts.path,
      payload: {
        texts: [{ key: 'kiosk.nope', pt: 'a', en: 'a', es: 'a', fr: 'a' }],
        updatedAt: await version(),
      },
    });
    expect(bad.status).toBe(400);
    const long = await save({ key: 'kiosk.welcome', pt: 'x'.repeat(2001), en: 'a', es: 'a', fr: 'a' });
    expect(long.status).toBe(400);
    // The Portuguese text is what the others fall back to: blank, it is refused and nothing changes.
    const blank = await save({ key: 'kiosk.welcome', pt: '   ', en: 'Hi!', es: 'x', fr: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body.Data).toEqual({ 'body.texts.0.pt': 'validation.required' });
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, (await createPlace(ctx.app, { doors: 1 })).placeId);
    const kiosk = await callApi(ctx.app, screen.token, API.tools.kioskTexts, { query: { language: 'es' } });
    expect(kiosk.body.Data['kiosk.welcome']).toBe('¡Hola!');
    expect(kiosk.body.Data['sms.rentalStarted']).toBeUndefined();
    // What senders call: placeholders filled in, an empty translation falls back to Portuguese.
    const rentalSaved = await save({
      key: 'sms.rentalStarted',
      pt: 'Cacifo {door} em {place}.',
      en: '',
      es: 'x',
      fr: 'x',
    });
    expect(rentalSaved.status).toBe(200);
    expect(await renderToolText(ctx.app.db, 'sms.rentalStarted', 'en', { door: 3, place: 'Sede' })).toBe(
      'Cacifo 3 em Sede.',
    );
    expect(await renderToolText(ctx.app.db, 'kiosk.doorOpened', 'pt', { door: 7 })).toContain('A porta 7');
    const editor = await signIn(ctx.app, 'editor');
    expect((await callApi(ctx.app, editor.token, API.tools.texts, {})).status).toBe(403);
  });

  it('refresh QR needs a confirmation, logs 24 and changes what kiosks show', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, (await createPlace(ctx.app, { doors: 1 })).placeId);
    const before = await callApi(ctx.app, screen.token, API.tools.kioskQr, {});
    // Without its confirmation the body is past the types: sent as it is.
    const unconfirmed = await call(ctx.app, admin.token, {
      method: 'POST',
      url: API.tools.refreshQr.path,
      payload: {},
    });
    expect(unconfirmed.status).toBe(400);
    const state = await callApi(ctx.app, admin.token, API.tools.qr, {});
    const res = await callApi(ctx.app, admin.token, API.tools.refreshQr, { body: { confirm: true } });
    expect(res.body.Data.version).toBe(state.body.Data.version + 1);
    expect(res.body.Data.refreshedAt).toBeTruthy();
    const after = await callApi(ctx.app, screen.token, API.tools.kioskQr, {});
    expect(after.body.Data.payload).not.toBe(before.body.Data.payload);
    const log = await ctx.app.db.selectFrom('admin_logs').selectAll().where('action', '=', 24).execute();
    expect(log.map((l) => l.admin_id)).toContain(admin.id);
  });

  it('delete all user data: PIN and confirmation, log 23, nothing changes on a wrong PIN', async () => {
    const admin = await signIn(ctx.app, 'admin');
    await callApi(ctx.app, admin.token, API.admins.changePin, {
      body: { password: 'segredo1', pin: '2468' },
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

    const reset = (token: string, pin: string) =>
      callApi(ctx.app, token, API.tools.resetData, { body: { pin, confirm: true } });
    const wrong = await reset(admin.token, '0000');
    expect([wrong.status, wrong.body.Description]).toEqual([422, 'wrongPin']);
    // Without its confirmation the body is past the types: sent as it is.
    const noConfirm = await call(ctx.app, admin.token, {
      method: 'POST',
      url: API.tools.resetData.path,
      payload: { pin: '2468' },
    });
    expect(noConfirm.status).toBe(400);
    expect(await smsCount()).toBe(1);

    const ok = await reset(admin.token, '2468');
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
    expect((await callApi(ctx.app, admin.token, API.admins.profile, {})).status).toBe(200);

    const editor = await signIn(ctx.app, 'editor');
    const denied = await reset(editor.token, '2468');
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
      const r = await callApi(ctx.app, admin.token, API.tools.resetData, {
        body: { pin: '9999', confirm: true },
      });
      last = r.status;
    }
    expect(last).toBe(429);
  });
});
