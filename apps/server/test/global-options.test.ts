import { beforeAll, expect, it } from 'vitest';
import { API, type GlobalOptions } from '@cacifo/contract';
import { hashSecret } from '../src/lib/secrets.js';
import { describeEachDb, signIn, callApi, call } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';

const PIN = '2468';
let seq = 0;

/** Global options (issue #27): each one is read where it takes effect, one test per option. */
describeEachDb('global options take effect', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    await ctx.app.db
      .updateTable('admins')
      .set({ pin_hash: await hashSecret(PIN) })
      .where('id', '=', admin.id)
      .execute();
  });
  const read = async () => (await callApi(ctx.app, admin.token, API.locations.globalOptions, {})).body.Data;
  const save = (options: Partial<GlobalOptions>, pin = PIN) =>
    read().then((current) =>
      callApi(ctx.app, admin.token, API.locations.updateGlobalOptions, {
        body: { ...current, ...options, pin },
      }),
    );

  it('changes only with the right admin PIN, logs the change, and knows no pickup deadline of its own', async () => {
    expect(await read()).toEqual({
      officeReservationHours: 24,
      doorLeftOpenMinutes: 5,
      kioskMessage: '',
      updatedAt: null,
    });
    const wrong = await save({ kioskMessage: 'x' }, '0000');
    expect([wrong.status, wrong.body.Description]).toEqual([422, 'wrongPin']);
    expect((await read()).kioskMessage).toBe('');
    const bad = await save({ officeReservationHours: 721 });
    expect([bad.status, bad.body.Description]).toEqual([400, 'invalidInput']);
    // The pickup deadline belongs to the pickup rules per location type: not accepted, not answered.
    // A field the entry does not have: the typed body cannot hold it.
    const ok = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: API.locations.updateGlobalOptions.path,
      payload: { ...(await read()), deliveryExpiryDays: 9, pin: PIN },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.Data).not.toHaveProperty('deliveryExpiryDays');
    const log = await ctx.app.db
      .selectFrom('admin_logs')
      .select('admin_id')
      .where('action', '=', 906)
      .executeTakeFirstOrThrow();
    expect(log.admin_id).toBe(admin.id);
  });

  it('reservation length: an office assignment without an end date expires after it; 0 means never', async () => {
    const { lockers } = await createPlace(ctx.app, { doors: 3 });
    const user = await callApi(ctx.app, admin.token, API.office.createUser, {
      body: { id: 0, name: `Rita ${++seq}`, login: 'rita', numberPrefix: 'PT', obs: '' },
    });
    expect(user.status).toBe(200);
    const assign = (lockerId: number, expiresAt?: string) =>
      callApi(ctx.app, admin.token, API.office.addLockers, {
        body: { userId: user.body.Data.id, lockerIds: [lockerId], ...(expiresAt ? { expiresAt } : {}) },
      });
    const expiry = async (id: number) =>
      (
        await ctx.app.db
          .selectFrom('lockers')
          .select('expiration_date_time')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).expiration_date_time;

    expect((await save({ officeReservationHours: 12 })).status).toBe(200);
    const before = Date.now();
    expect((await assign(lockers[0]!.id)).status).toBe(200);
    const until = Date.parse((await expiry(lockers[0]!.id))!);
    expect(until - before).toBeGreaterThanOrEqual(12 * 3_600_000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);
    // An end date the admin gives wins over the default.
    const given = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await assign(lockers[1]!.id, given)).status).toBe(200);
    expect(Date.parse((await expiry(lockers[1]!.id))!)).toBe(Date.parse(given));
    // 0: assignments do not expire.
    expect((await save({ officeReservationHours: 0 })).status).toBe(200);
    expect((await assign(lockers[2]!.id)).status).toBe(200);
    expect(await expiry(lockers[2]!.id)).toBeNull();
  });

  it('left-open threshold: sent to the controllers, which raise the alert themselves', async () => {
    const { placeId } = await createPlace(ctx.app, { doors: 1 });
    expect((await save({ doorLeftOpenMinutes: 3 })).status).toBe(200);
    expect(ctx.app.devices.simulator!.simulator(placeId)!.getTiming().leftOpenAfterMs).toBe(3 * 60_000);
    expect((await save({ doorLeftOpenMinutes: 7 })).status).toBe(200);
    expect(ctx.app.devices.simulator!.simulator(placeId)!.getTiming().leftOpenAfterMs).toBe(7 * 60_000);
  });

  it('kiosk message: every kiosk screen shows it on its home screen', async () => {
    const screen = await signIn(ctx.app, 'screen');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
    await ctx.app.db
      .insertInto('kiosk_screens')
      .values({ admin_id: screen.id, place_id: placeId, created_at: new Date().toISOString() })
      .execute();
    const shown = async () => (await callApi(ctx.app, screen.token, API.kiosk.screen, {})).body.Data.message;
    expect(await shown()).toBe('');
    expect((await save({ kioskMessage: '  Fechado no feriado de 1 de dezembro.  ' })).status).toBe(200);
    expect(await shown()).toBe('Fechado no feriado de 1 de dezembro.');
  });
});
