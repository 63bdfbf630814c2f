import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint, type InputOf } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';
import { closeDoor, depositOrder, lastPickupCode, newPhone, waitForState } from './helpers/order-fixtures.js';

const HOUR = 3_600_000;

describeEachDb('pickup window, reminders, expiry, returns and shared pickup codes', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let screen: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  const post = <E extends Endpoint>(endpoint: E, input: CallInput<E>, token = admin.token) =>
    callApi(ctx.app, token, endpoint, input);
  const order = async (id: number) =>
    (await callApi(ctx.app, admin.token, API.orders.order, { query: { id } })).body.Data;
  const at = (iso: string, plusMs: number) => new Date(Date.parse(iso) + plusMs).toISOString();
  /** The pickup-code SMS written for an order. */
  const pickupSms = async (orderId: number) =>
    (
      await ctx.app.db
        .selectFrom('messages')
        .select('body')
        .where('order_id', '=', orderId)
        .where('event', '=', 'pickupCode')
        .where('channel', '=', 'sms')
        .executeTakeFirstOrThrow()
    ).body;

  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    screen = await signIn(ctx.app, 'screen');
    // The sender of the parcels: told by e-mail when one is returned.
    await ctx.app.db
      .updateTable('admins')
      .set({ email: 'loja@example.pt' })
      .where('id', '=', admin.id)
      .execute();
    ({ placeId } = await createPlace(ctx.app, { name: 'Oriente', type: 'DELIVERY', doors: 6, sizes: ['S'] }));
    await bindScreen(ctx.app, screen.id, placeId);
  });

  it('settings: a default is required, reminders must come before the end; saved rules apply', async () => {
    // Each save sends the version of the rules it read (docs/adr/0027).
    const put = async (rules: InputOf<typeof API.notifications.savePickupSettings.body>['rules']) =>
      callApi(ctx.app, admin.token, API.notifications.savePickupSettings, {
        body: {
          rules,
          updatedAt: (await callApi(ctx.app, admin.token, API.notifications.pickupSettings, {})).body.Data
            .updatedAt,
        },
      });
    const noDefault = await put([
      { locationType: 'locker', pickupHours: 10, reminderHours: [], lastDayHours: 0 },
    ]);
    expect(noDefault.body.Data).toEqual({ 'body.rules': 'validation.defaultRulesRequired' });
    const late = await put([{ locationType: '*', pickupHours: 10, reminderHours: [12], lastDayHours: 0 }]);
    expect(late.body.Data).toEqual({ 'body.rules.0.reminderHours.0': 'validation.reminderAfterExpiry' });
    const ok = await put([
      { locationType: '*', pickupHours: 72, reminderHours: [48], lastDayHours: 24 },
      { locationType: 'locker', pickupHours: 2, reminderHours: [1], lastDayHours: 0 },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.Data.locationTypes).toContain('locker');
    expect(ok.body.Data.rules.map((r) => r.locationType)).toEqual(['*', 'locker']);
  });

  it('reminds once, expires at the end of the window with a return code; the courier takes it back', async () => {
    const stored = await depositOrder(ctx.app, admin.token, placeId);
    const { pin } = await lastPickupCode(ctx.app, stored.id);
    expect(Date.parse(stored.expiresAt!) - Date.parse(stored.storedAt!)).toBe(2 * HOUR);
    const notices = ctx.app.messaging.notices;
    await notices.runOnce(at(stored.storedAt!, HOUR + 1000));
    await notices.runOnce(at(stored.storedAt!, HOUR + 2000));
    let o = await order(stored.id);
    expect(o.state).toBe(4);
    expect(o.messages!.map((m) => m.event)).toEqual(['pickupCode', 'reminder']);
    const reminder = await ctx.app.db
      .selectFrom('messages')
      .select('body')
      .where('order_id', '=', stored.id)
      .where('event', '=', 'reminder')
      .executeTakeFirstOrThrow();
    expect(reminder.body).toContain(pin);

    await notices.runOnce(at(stored.storedAt!, 2 * HOUR + 1000));
    o = await order(stored.id);
    expect(o.state).toBe(18);
    expect(o.logs!.at(-1)).toMatchObject({ action: 'expire', actionId: 18, adminName: 'system' });
    expect(o.messages!.map((m) => m.event)).toEqual(['pickupCode', 'reminder', 'expired']);

    const courier = await signIn(ctx.app, 'courier');
    const list = await callApi(ctx.app, courier.token, API.notifications.returns, {
      query: { locationId: placeId },
    });
    const item = list.body.Data.returns.find((r) => r.orderId === stored.id)!;
    expect(item).toMatchObject({
      locationName: 'Oriente',
      doorNumber: stored.assignedLocker!.doorNumber,
      state: 18,
    });
    expect(item.returnCode).toMatch(/^\d{6}$/);
    expect(list.body.Data.locations).toEqual([{ id: placeId, name: 'Oriente', count: 1 }]);
    const otherStore = await signIn(ctx.app, 'store', { company: 'Outra' });
    const hidden = await callApi(ctx.app, otherStore.token, API.notifications.returns, {});
    expect(hidden.body.Data.total).toBe(0);
    // The operator's client filter (issue #31): the parcel of the chosen client only; a store reads
    // its own whatever client it asks for. The parcel is a client's for this check alone.
    const setCompany = (company: string | null) =>
      ctx.app.db.updateTable('orders').set({ company }).where('id', '=', stored.id).execute();
    const before = o.company;
    await setCompany('Loja Devolve');
    const listOf = async (token: string, company: string) =>
      (
        await callApi(ctx.app, token, API.notifications.returns, { query: { company } })
      ).body.Data.returns.map((r) => r.orderId);
    expect(await listOf(admin.token, 'Loja Devolve')).toEqual([stored.id]);
    expect(await listOf(admin.token, 'Outra')).toEqual([]);
    expect(await listOf(otherStore.token, 'Loja Devolve')).toEqual([]);
    await setCompany(before);

    // The recipient's code stopped working; the return code opens the locker for the courier.
    const late = await post(API.orders.kioskPickup, { body: { placeId, pin } }, screen.token);
    expect(late.body.Description).toBe('wrongPin');
    const opened = await post(
      API.orders.kioskPickup,
      { body: { placeId, pin: item.returnCode! } },
      screen.token,
    );
    expect(opened.body.Data).toMatchObject({ kind: 'return', state: 19, orderId: stored.id });
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, stored.assignedLocker!.doorNumber);
    const returned = await waitForState(ctx.app, admin.token, stored.id, 20);
    expect(returned.logs!.slice(-2).map((l) => l.action)).toEqual(['openForReturn', 'returnClosed']);
    expect(returned.messages!.at(-1)).toMatchObject({
      event: 'returned',
      channel: 'email',
      recipient: 'loja@example.pt',
    });
    const locker = await ctx.app.db
      .selectFrom('lockers')
      .select('status')
      .where('id', '=', stored.assignedLocker!.id)
      .executeTakeFirstOrThrow();
    expect(locker.status).toBe(0);
    expect((await post(API.orders.archive, { body: { orderId: stored.id } })).body.Data.state).toBe(14);
  });

  it('a courier opens a returned parcel from the list; other states are refused', async () => {
    const stored = await depositOrder(ctx.app, admin.token, placeId);
    const courier = await signIn(ctx.app, 'courier');
    const early = await post(
      API.notifications.openForReturn,
      { body: { orderId: stored.id } },
      courier.token,
    );
    // Before it expires the parcel is not the courier's to reach at all (issue #20).
    expect([early.status, early.body.Description]).toEqual([404, 'orderNotExist']);
    await ctx.app.messaging.notices.runOnce(at(stored.storedAt!, 3 * HOUR));
    const open = await post(API.notifications.openForReturn, { body: { orderId: stored.id } }, courier.token);
    expect(open.body.Data.state).toBe(19);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, stored.assignedLocker!.doorNumber);
    await waitForState(ctx.app, admin.token, stored.id, 20);
  });

  it('one recipient, two parcels at one place: one code, named in the message, opens both lockers', async () => {
    const phone = newPhone();
    const first = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientPhone: phone });
    const second = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientPhone: phone });
    const a = await lastPickupCode(ctx.app, first.id);
    const b = await lastPickupCode(ctx.app, second.id);
    expect(b).toEqual(a);
    // One parcel reads as before; the second's message names both, in the plural, as a list.
    expect(await pickupSms(first.id)).toContain(`a sua encomenda ${first.packageId} está em Oriente.`);
    expect(await pickupSms(second.id)).toContain(
      `as suas encomendas ${first.packageId} e ${second.packageId} estão em Oriente.`,
    );
    // Another recipient at the same place gets a code of their own.
    const other = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientPhone: newPhone() });
    expect((await lastPickupCode(ctx.app, other.id)).pin).not.toBe(a.pin);

    const opened = await post(API.orders.kioskPickup, { body: { placeId, pin: a.pin } }, screen.token);
    expect(opened.body.Data.kind).toBe('pickup');
    expect(opened.body.Data.parcels.map((p) => [p.orderId, p.state])).toEqual([
      [first.id, 5],
      [second.id, 5],
    ]);
    // The reply names both doors (the kiosk says them all); the first stays at the top level.
    const doors = [first.assignedLocker!.doorNumber, second.assignedLocker!.doorNumber];
    expect(new Set(doors).size).toBe(2);
    expect(opened.body.Data.parcels.map((p) => p.doorNumber)).toEqual(doors);
    expect(opened.body.Data.doorNumber).toBe(doors[0]);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, first.assignedLocker!.doorNumber);
    closeDoor(ctx.app, placeId, second.assignedLocker!.doorNumber);
    for (const o of [first, second]) {
      const done = await waitForState(ctx.app, admin.token, o.id, 7);
      expect(done.logs!.slice(-2).map((l) => l.action)).toEqual(['pickupWithPin', 'pickupClosed']);
      expect(done.pickUpAt).toBeTruthy();
    }
    expect((await order(other.id)).state).toBe(4);
  });

  it('several parcels read naturally in en, es and fr; one parcel as before', async () => {
    const cases = [
      {
        language: 'en',
        one: (a: string) => `your parcel ${a} is at Oriente.`,
        two: (a: string, b: string) => `your parcels ${a} and ${b} are at Oriente.`,
      },
      {
        language: 'es',
        one: (a: string) => `su paquete ${a} está en Oriente.`,
        two: (a: string, b: string) => `sus paquetes ${a} y ${b} están en Oriente.`,
      },
      {
        language: 'fr',
        one: (a: string) => `votre colis ${a} est à Oriente.`,
        two: (a: string, b: string) => `vos colis ${a} et ${b} sont à Oriente.`,
      },
    ];
    for (const c of cases) {
      const extra = { recipientPhone: newPhone(), recipientLanguage: c.language };
      const one = await depositOrder(ctx.app, admin.token, placeId, 'S', extra);
      const two = await depositOrder(ctx.app, admin.token, placeId, 'S', extra);
      expect(await pickupSms(one.id)).toContain(c.one(one.packageId));
      expect(await pickupSms(two.id)).toContain(c.two(one.packageId, two.packageId));
      // Collected, so the lockers are free for the next language.
      const { pin } = await lastPickupCode(ctx.app, one.id);
      const opened = await post(API.orders.kioskPickup, { body: { placeId, pin } }, screen.token);
      expect(opened.body.Data.parcels.map((p) => p.orderId)).toEqual([one.id, two.id]);
      await ctx.app.devices.events.drain();
      for (const o of [one, two]) closeDoor(ctx.app, placeId, o.assignedLocker!.doorNumber);
      for (const o of [one, two]) await waitForState(ctx.app, admin.token, o.id, 7);
    }
  });
});
