import { beforeAll, expect, it } from 'vitest';
import { API, type CourierCodes, type Order, type CallInput, type Endpoint } from '@cacifo/contract';
import { accessCode } from '../src/modules/partner/courier-codes.service.js';
import { lisbonParts } from '../src/modules/marketplace/lisbon-time.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { closeDoor, newPackageId, orderById, waitForState } from './helpers/order-fixtures.js';
import { createApiKey, grantPlaces } from './helpers/partner-fixtures.js';

/**
 * Carrier courier access codes (issue #24): a code per location and day, shown to the partner, that
 * opens lockers for the partner's pre-advised parcels at that location's kiosk, no account needed.
 */
describeEachDb('carrier courier access codes', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let screen: Awaited<ReturnType<typeof signIn>>;
  let key: string;
  let otherKey: string;
  let placeId: number;
  let elsewhere: number;
  let codes: CourierCodes;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    screen = await signIn(ctx.app, 'screen');
    key = (
      await createApiKey(ctx.app, admin.token, ['orders:write', 'orders:read'], {
        name: 'Transportadora Norte',
      })
    ).key;
    otherKey = (await createApiKey(ctx.app, admin.token, ['orders:write'], { name: 'Outra' })).key;
    ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 6, sizes: ['S', 'M', 'L'] }));
    ({ placeId: elsewhere } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2 }));
    await grantPlaces(ctx.app, admin.token, 'Transportadora Norte', [placeId, elsewhere]);
    await grantPlaces(ctx.app, admin.token, 'Outra', [placeId]);
    await ctx.app.db
      .insertInto('kiosk_screens')
      .values({ admin_id: screen.id, place_id: placeId, created_at: new Date().toISOString() })
      .execute();
    codes = (await callApi(ctx.app, key, API.partner.courierCodes, {})).body.Data;
  });
  const codeAt = (c: CourierCodes, id: number) => c.codes.find((x) => x.locationId === id)!.code;
  const advise = async (extra: Record<string, unknown> = {}, token = key) =>
    (
      await callApi(ctx.app, token, API.partner.createOrder, {
        body: {
          packageId: newPackageId(),
          recipientPhone: '912345678',
          recipientNumber: 'PRT-7',
          ...extra,
        },
      })
    ).body.Data;
  const kiosk = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, screen.token, endpoint, input);

  it("shows the partner today's 8-digit code of every delivery location granted to it, its own and the same all day", async () => {
    expect(codes.date).toBe(lisbonParts(new Date()).date);
    expect(Date.parse(codes.validUntil)).toBeGreaterThan(Date.now());
    expect(Date.parse(codes.validUntil) - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
    expect(codeAt(codes, placeId)).toMatch(/^\d{8}$/);
    expect(codeAt(codes, placeId)).not.toBe(codeAt(codes, elsewhere));
    const again = await callApi(ctx.app, key, API.partner.courierCodes, {});
    expect(again.body.Data).toEqual(codes);
    const other = await callApi(ctx.app, otherKey, API.partner.courierCodes, {});
    expect(codeAt(other.body.Data, placeId)).not.toBe(codeAt(codes, placeId));
    const readOnly = (await createApiKey(ctx.app, admin.token, ['orders:read'])).key;
    expect((await callApi(ctx.app, readOnly, API.partner.courierCodes, {})).status).toBe(403);
  });

  it('rotates daily: the code is derived from the day, so tomorrow’s differs', () => {
    expect(accessCode('s3cret', placeId, '2026-11-25')).not.toBe(accessCode('s3cret', placeId, '2026-11-26'));
    expect(accessCode('s3cret', placeId, '2026-11-25')).toBe(accessCode('s3cret', placeId, '2026-11-25'));
  });

  it("lists at this wall only the carrier's parcels to deposit here (or advised to no place)", async () => {
    const here = await advise({ locationId: placeId, size: 'M' });
    const anywhere = await advise();
    const there = await advise({ locationId: elsewhere });
    const notMine = await advise({ locationId: placeId }, otherKey);
    const res = await kiosk(API.carrierKiosk.parcels, {
      body: {
        accessCode: codeAt(codes, placeId),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.carrierName).toBe('Transportadora Norte');
    const ids = res.body.Data.parcels.map((p) => p.packageId);
    expect(ids).toEqual(expect.arrayContaining([here.packageId, anywhere.packageId]));
    expect(ids).not.toContain(there.packageId);
    expect(ids).not.toContain(notMine.packageId);
    expect(res.body.Data.parcels.find((p) => p.packageId === here.packageId)).toMatchObject({
      size: 'M',
      state: 1,
    });
    // Another location's code is not this wall's.
    const wrong = await kiosk(API.carrierKiosk.parcels, { body: { accessCode: codeAt(codes, elsewhere) } });
    expect([wrong.status, wrong.body.Description]).toEqual([422, 'wrongPin']);
  });

  it('opens a locker for a pre-advised parcel; closing the door stores it, logged as the carrier’s courier', async () => {
    const parcel = await advise({ locationId: placeId, size: 'L' });
    const opened = await kiosk(API.carrierKiosk.deposit, {
      body: {
        accessCode: codeAt(codes, placeId),
        packageId: parcel.packageId,
      },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.Data).toMatchObject({ packageId: parcel.packageId, size: 'L', state: 3 });
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, opened.body.Data.doorNumber);
    const stored = await waitForState(ctx.app, admin.token, parcel.id, 4);
    const byCourier = stored
      .logs!.filter((l) => l.adminName === 'Transportadora Norte (estafeta)')
      .map((l) => l.action);
    expect(byCourier).toEqual(['assignLocker', 'openForDeposit']);
    // Once stored it is no longer to deposit.
    const again = await kiosk(API.carrierKiosk.deposit, {
      body: {
        accessCode: codeAt(codes, placeId),
        packageId: parcel.packageId,
      },
    });
    expect([again.status, again.body.Description]).toEqual([422, 'stateNotAllowed']);
  });

  it('asks for a size when the parcel was advised without one, and refuses parcels that are not the carrier’s', async () => {
    const unsized = await advise({ locationId: placeId });
    const code = codeAt(codes, placeId);
    const noSize = await kiosk(API.carrierKiosk.deposit, {
      body: {
        accessCode: code,
        packageId: unsized.packageId,
      },
    });
    expect([noSize.status, noSize.body.Description]).toEqual([400, 'selectSize']);
    const sized = await kiosk(API.carrierKiosk.deposit, {
      body: {
        accessCode: code,
        packageId: unsized.packageId,
        size: 's',
      },
    });
    expect(sized.body.Data.size).toBe('S');
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, sized.body.Data.doorNumber);
    const notMine = await advise({ locationId: placeId }, otherKey);
    const refused = await kiosk(API.carrierKiosk.deposit, {
      body: {
        accessCode: code,
        packageId: notMine.packageId,
        size: 'M',
      },
    });
    expect(refused.body.Description).toBe('orderNotExist');
    const untouched: Order = await orderById(ctx.app, admin.token, notMine.id);
    expect(untouched.state).toBe(1);
  });

  it('stops working when the key is revoked, and counts wrong codes against the screen', async () => {
    const revokedKey = await createApiKey(ctx.app, admin.token, ['orders:write'], { name: 'Revogada' });
    await grantPlaces(ctx.app, admin.token, 'Revogada', [placeId]);
    const its = (await callApi(ctx.app, revokedKey.key, API.partner.courierCodes, {})).body.Data;
    await callApi(ctx.app, admin.token, API.apiKeys.revoke, { params: { id: revokedKey.id } });
    const gone = await kiosk(API.carrierKiosk.parcels, { body: { accessCode: codeAt(its, placeId) } });
    expect(gone.body.Description).toBe('wrongPin');
    let last = '';
    for (let i = 0; i < 12 && last !== 'tooManyAttempts'; i++) {
      last = (await kiosk(API.carrierKiosk.parcels, { body: { accessCode: String(10_000_000 + i) } })).body
        .Description;
    }
    expect(last).toBe('tooManyAttempts');
    // Even the right code waits now: guessing stays bounded.
    const right = await kiosk(API.carrierKiosk.parcels, { body: { accessCode: codeAt(codes, placeId) } });
    expect(right.status).toBe(429);
  });
});
