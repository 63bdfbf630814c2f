import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type PartnerOrder, type WebhookCreated, type WebhookEvent } from '@cacifo/contract';
import { describeEachDb, signIn, callApi, call } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { closeDoor, newPackageId, newPhone, orderById, waitForState } from './helpers/order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './helpers/partner-fixtures.js';
import { startReceiver, verifySignature } from './helpers/webhook-receiver.js';

/**
 * Returns dropped off at a delivery wall (issue #33, docs/adr/0180): the partner pre-advises a return
 * and gets a code; the customer types it at the wall's kiosk, a free locker of the return's size
 * opens, closing it stores the return, and the partner's endpoint (its client's only) hears
 * `return.dropped_off` at a real HTTP receiver.
 */
describeEachDb(
  'return drop-off at the delivery wall',
  (ctx) => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let admin: Awaited<ReturnType<typeof signIn>>;
    let screen: Awaited<ReturnType<typeof signIn>>;
    let key: string;
    let otherKey: string;
    let hook: WebhookCreated;
    let placeId: number;
    let elsewhere: number;
    beforeAll(async () => {
      receiver = await startReceiver();
      admin = await signIn(ctx.app, 'admin');
      screen = await signIn(ctx.app, 'screen');
      key = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Transportadora Norte' })).key;
      otherKey = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Outra Transportadora' })).key;
      ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 4, sizes: ['S', 'M', 'L', 'S'] }));
      ({ placeId: elsewhere } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2 }));
      await grantPlaces(ctx.app, admin.token, 'Transportadora Norte', [placeId, elsewhere]);
      await grantPlaces(ctx.app, admin.token, 'Outra Transportadora', [elsewhere]);
      await ctx.app.db
        .insertInto('kiosk_screens')
        .values({ admin_id: screen.id, place_id: placeId, created_at: new Date().toISOString() })
        .execute();
      const events: WebhookEvent[] = ['order.stored', 'return.dropped_off'];
      hook = (await callApi(ctx.app, key, API.partner.createWebhook, { body: { url: receiver.url, events } }))
        .body.Data;
      // Another client's endpoint, on the same receiver: it must hear nothing of this client's returns.
      const other = await callApi(ctx.app, otherKey, API.partner.createWebhook, {
        body: { url: `${receiver.url}?other`, events },
      });
      expect(other.status, JSON.stringify(other.body)).toBe(200);
    });
    afterAll(async () => receiver?.close());

    const advise = async (extra: Record<string, unknown> = {}, token = key) => {
      const res = await callApi(ctx.app, token, API.partner.createReturn, {
        body: { packageId: newPackageId(), size: 'M', recipientNumber: 'RMA-1', ...extra },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.Data;
    };
    const dropOff = (returnCode: string) =>
      callApi(ctx.app, screen.token, API.carrierKiosk.returnDropoff, { body: { returnCode } });

    it('pre-advises a return: an order of delivery type 2 with its size, and an 8-digit code shown once', async () => {
      const made = await advise({ locationId: placeId });
      expect(made).toMatchObject({ state: 1, size: 'M', locationId: placeId, recipientNumber: 'RMA-1' });
      expect(made.returnCode).toMatch(/^\d{8}$/);
      const order = await orderById(ctx.app, admin.token, made.id);
      expect(order).toMatchObject({ deliveryType: 2, parcelSize: 'M', targetLocationId: placeId });
      // The code is not kept in clear anywhere on the order, nor read back.
      const read = await callApi(ctx.app, key, API.partner.order, { params: { packageId: made.packageId } });
      expect(JSON.stringify(read.body.Data)).not.toContain(made.returnCode);
      const row = await ctx.app.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(made.returnCode);
      // A return needs its size.
      // No size: the typed body requires it.
      const noSize = await call(ctx.app, key, {
        method: 'POST',
        url: API.partner.createReturn.path,
        payload: { packageId: newPackageId() },
      });
      expect([noSize.status, Object.keys(noSize.body.Data as object)]).toEqual([400, ['body.size']]);
    });

    it('the wall offers returns; a wrong code or another location’s return opens nothing', async () => {
      const kiosk = await callApi(ctx.app, screen.token, API.kiosk.screen, {});
      expect(kiosk.body.Data.tasks).toContain('returns');
      const there = await advise({ locationId: elsewhere });
      for (const code of [there.returnCode, there.returnCode === '00000000' ? '11111111' : '00000000']) {
        const res = await dropOff(code);
        expect([res.status, res.body.Description]).toEqual([422, 'wrongPin']);
      }
      // Advised to no location: any location granted to its client, and only those.
      const anywhere = await advise({}, otherKey);
      const notGranted = await dropOff(anywhere.returnCode);
      expect([notGranted.status, notGranted.body.Description]).toEqual([422, 'wrongPin']);
      const mine = await advise({ size: 'S' });
      const granted = await dropOff(mine.returnCode);
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      expect(granted.body.Data).toMatchObject({ packageId: mine.packageId, size: 'S' });
      const short = await dropOff('1234');
      expect(short.status).toBe(400);
    });

    it('the code opens a free locker of the size; closing it stores the return and the partner hears it', async () => {
      const phone = newPhone();
      const made = await advise({ locationId: placeId, size: 'L', recipientPhone: phone });
      const opened = await dropOff(made.returnCode);
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(opened.body.Data).toMatchObject({
        packageId: made.packageId,
        size: 'L',
        doorNumber: 3,
        state: 3,
      });
      await ctx.app.devices.events.drain();
      closeDoor(ctx.app, placeId, 3);
      const stored = await waitForState(ctx.app, admin.token, made.id, 4);
      expect(stored.logs!.filter((l) => l.adminName === 'Cliente (devolução)').map((l) => l.action)).toEqual([
        'assignLocker',
        'openForDeposit',
      ]);

      const heard = await waitFor(async () => {
        const mine = receiver.received.filter(
          (r) => (r.json.data.order as PartnerOrder | undefined)?.id === made.id && r.answered === 200,
        );
        return mine.length > 0 ? mine : null;
      }, 15_000);
      expect(heard.map((r) => r.json.type)).toEqual(['return.dropped_off']);
      const [event] = heard;
      expect(verifySignature(event!.headers['cacifo-signature'] as string, event!.body, hook.secret)).toBe(
        true,
      );
      expect(event!.json.data).toMatchObject({
        order: { id: made.id, state: 4, locker: { locationId: placeId, doorNumber: 3, size: 'L' } },
        previousState: 3,
      });
      // The other client's endpoint was queued nothing: the event is filtered by the key's client.
      const queued = await ctx.app.db
        .selectFrom('webhook_deliveries')
        .select('endpoint_id')
        .where('type', '=', 'return.dropped_off')
        .execute();
      expect(new Set(queued.map((d) => d.endpoint_id))).toEqual(new Set([hook.id]));
      // The customer gets no pickup code: a return is not picked up at the wall.
      const order = (await callApi(ctx.app, admin.token, API.orders.order, { query: { id: made.id } })).body
        .Data;
      expect(order.messages ?? []).toEqual([]);
      // The code opened it once.
      const again = await dropOff(made.returnCode);
      expect([again.status, again.body.Description]).toEqual([422, 'wrongPin']);
    });

    it("a return is not the carrier's courier's to deposit with the code of the day", async () => {
      const made = await advise({ locationId: placeId });
      const codes = (await callApi(ctx.app, key, API.partner.courierCodes, {})).body.Data;
      const accessCode = codes.codes.find((c) => c.locationId === placeId)!.code;
      const list = await callApi(ctx.app, screen.token, API.carrierKiosk.parcels, { body: { accessCode } });
      expect(list.body.Data.parcels.map((p) => p.packageId)).not.toContain(made.packageId);
      const deposit = await callApi(ctx.app, screen.token, API.carrierKiosk.deposit, {
        body: { accessCode, packageId: made.packageId },
      });
      expect([deposit.status, deposit.body.Description]).toEqual([404, 'orderNotExist']);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '50', WEBHOOK_TIMEOUT_MS: '1000' } },
);
