import { beforeAll, expect, it } from 'vitest';
import { API, type CourierCodes } from '@cacifo/contract';
import { accessCode } from '../../src/modules/partner/courier-codes.service.js';
import { lisbonParts } from '../../src/modules/marketplace/lisbon-time.js';
import { callApi, describeEachDb, signIn } from '../helpers/test-app.js';
import { bindScreen, createPlace, waitFor } from '../helpers/fixtures.js';
import { depositOrder, newPhone } from '../helpers/order-fixtures.js';
import { createApiKey, grantPlaces } from '../helpers/partner-fixtures.js';

/**
 * Issue #31, ADR 0205: what reaches a client beyond requests. A locker's alert goes to the keys of
 * clients granted its location; a carrier's daily codes are listed for, and open lockers at, the
 * locations granted to its client only; erasing a recipient cancels the messages not yet sent.
 */
describeEachDb('tenant reach beyond requests', (ctx) => {
  type Signed = Awaited<ReturnType<typeof signIn>>;
  let admin: Signed;
  let served: number;
  let other: number;
  const keys: Record<'north' | 'south', { id: number; key: string }> = {} as never;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    ({ placeId: served } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 3, sizes: ['S'] }));
    ({ placeId: other } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 3, sizes: ['S'] }));
    keys.north = await createApiKey(ctx.app, admin.token, ['orders:write'], { name: 'Alcance Norte' });
    keys.south = await createApiKey(ctx.app, admin.token, ['orders:write'], { name: 'Alcance Sul' });
    await grantPlaces(ctx.app, admin.token, 'Alcance Norte', [served]);
    await grantPlaces(ctx.app, admin.token, 'Alcance Sul', [other]);
  });

  it("sends a locker's alert only to keys whose client is granted its location", async () => {
    const at = new Date().toISOString();
    const hook = async (apiKeyId: number) =>
      (
        await ctx.app.db
          .insertInto('webhook_endpoints')
          .values({
            api_key_id: apiKeyId,
            url: `https://alcance-${apiKeyId}.example.com/hook`,
            events: '["locker.alert"]',
            secret: 'whsec_alcance',
            failing_since: null,
            disabled_at: null,
            created_at: at,
            created_by_name: 'teste',
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const north = await hook(keys.north.id);
    const south = await hook(keys.south.id);
    const alerts = (endpointId: number) =>
      ctx.app.db
        .selectFrom('webhook_deliveries')
        .select('payload')
        .where('endpoint_id', '=', endpointId)
        .where('type', '=', 'locker.alert')
        .execute();
    ctx.app.devices.simulator!.simulator(served)!.openByHand(2);
    // Both endpoints' rows are written in one transaction: once the north one is there, so is any south one.
    const heard = await waitFor(async () => {
      await ctx.app.devices.events.drain();
      const rows = await alerts(north);
      return rows.length > 0 ? rows : null;
    });
    expect(JSON.parse(heard[0]!.payload).data.locker.locationId).toBe(served);
    expect(await alerts(south)).toEqual([]);
    ctx.app.devices.simulator!.simulator(served)!.closeByHand(2);
  });

  it("lists and accepts a carrier's daily code only at locations granted to its client", async () => {
    const listed = await callApi(ctx.app, keys.north.key, API.partner.courierCodes, {});
    expect(listed.body.Data.codes.map((c: CourierCodes['codes'][number]) => c.locationId)).toEqual([served]);
    const secret = await ctx.app.db
      .selectFrom('api_keys')
      .select('courier_secret')
      .where('id', '=', keys.north.id)
      .executeTakeFirstOrThrow();
    const day = lisbonParts(new Date()).date;
    const screenAt = async (placeId: number) => {
      const screen = await signIn(ctx.app, 'screen');
      await bindScreen(ctx.app, screen.id, placeId);
      return screen.token;
    };
    const parcels = async (placeId: number) =>
      callApi(ctx.app, await screenAt(placeId), API.carrierKiosk.parcels, {
        body: { accessCode: accessCode(secret.courier_secret!, placeId, day) },
      });
    const here = await parcels(served);
    expect([here.status, here.body.Data.carrierName]).toEqual([200, 'Alcance Norte']);
    // The code the key would have at the other wall: derived the same way, but that wall does not serve it.
    const there = await parcels(other);
    expect([there.status, there.body.Description]).toEqual([422, 'wrongPin']);
  });

  it('erasing a recipient cancels the messages of an active parcel not yet sent', async () => {
    const phone = newPhone();
    const order = await depositOrder(ctx.app, admin.token, served, 'S', { recipientPhone: phone });
    const messages = () =>
      ctx.app.db
        .selectFrom('messages')
        .select(['id', 'recipient', 'body', 'status', 'error'])
        .where('order_id', '=', order.id)
        .execute();
    const before = await messages();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((m) => m.status !== 'sent')).toBe(true);
    const erased = await callApi(ctx.app, admin.token, API.clients.eraseRecipientData, { body: { phone } });
    expect(erased.status).toBe(200);
    const after = await messages();
    expect(after.map((m) => [m.recipient, m.body, m.status, m.error])).toEqual(
      before.map(() => ['', '', 'cancelled', 'recipient erased']),
    );
    const retry = await callApi(ctx.app, admin.token, API.notifications.retryMessage, {
      params: { id: after[0]!.id },
    });
    expect([retry.status, retry.body.Description]).toEqual([422, 'stateNotAllowed']);
    expect((await messages())[0]!.status).toBe('cancelled');
  });
});
