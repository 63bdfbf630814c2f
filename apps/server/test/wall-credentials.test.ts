import { expect, it } from 'vitest';
import { API, ASSET_LOG_ACTION, ASSET_STATUS, ORDER_STATE, type DeviceCredentialSet } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import {
  closeDoor,
  createOrder,
  lastPickupCode,
  newPackageId,
  waitForState,
} from './helpers/order-fixtures.js';
import { createApiKey, grantPlaces } from './helpers/partner-fixtures.js';

let n = 0;
const uniq = () => `${Date.now() % 1_000_000}${++n}`;

/**
 * What a wall checks alone besides parcel codes (issue #32, docs/devices.md): couriers' PINs and
 * carriers' daily codes for deposits, office users' cards for their lockers and for assets, each only
 * as the place's keyed hash; and what the server makes of the journal: the order stored at the
 * wall's time with the recipient's code sent, the office access attributed, the asset retrieved.
 */
describeEachDb('wall credentials of couriers, carriers, office users and assets', (ctx) => {
  const settle = async () => {
    await ctx.app.wallOffline.publisher.idle();
    await ctx.app.wallOffline.applier.drain();
    await ctx.app.devices.events.drain();
    await ctx.app.bus.idle();
  };
  const publish = async (placeId: number) => {
    await ctx.app.wallOffline.publisher.refresh(placeId);
    const row = await ctx.app.db
      .selectFrom('device_credential_sets')
      .select('body')
      .where('place_id', '=', placeId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.body) as DeviceCredentialSet;
  };
  const local = (placeId: number) => ctx.app.devices.simulator!.localAccess(placeId)!;

  it("takes a staff courier's PIN for a parcel reserved here; closing stores it at the wall's time and sends the code", async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 3, sizes: ['S'] });
    const pin = String(1000 + (Date.now() % 9000));
    const courier = await callApi(ctx.app, admin.token, API.admins.create, {
      body: {
        name: `Estafeta ${uniq()}`,
        username: `est${uniq()}`,
        role: 'courier',
        password: 'segredo1',
        confirmPassword: 'segredo1',
        pin,
      },
    });
    expect(courier.status).toBe(200);
    const order = await createOrder(ctx.app, admin.token);
    const assigned = await callApi(ctx.app, admin.token, API.orders.assignLocker, {
      query: { locationId: placeId, size: 'S', packageId: order.packageId },
    });
    const door = assigned.body.Data.assignedLocker!.doorNumber;
    const set = await publish(placeId);
    expect(set.credentials.find((c) => c.id === `courier:${courier.body.Data.id}`)).toMatchObject({
      kind: 'deposit',
      match: [{ via: 'code' }],
    });
    expect(set.parcels).toEqual([expect.objectContaining({ id: `order:${order.id}`, door, size: 'S' })]);
    // Only hashes travel: neither the PIN nor the barcode is in the set.
    expect(JSON.stringify(set)).not.toContain(`"${pin}"`);
    expect(JSON.stringify(set)).not.toContain(order.packageId);
    await settle();
    const before = Date.now();
    expect(await local(placeId).deposit('0000', order.packageId, 'en')).toMatchObject({ ok: false });
    const reply = await local(placeId).deposit(pin, order.packageId, 'en');
    expect(reply).toMatchObject({ ok: true, kind: 'deposit', doors: [door] });
    await settle();
    closeDoor(ctx.app, placeId, door);
    const stored = await waitForState(ctx.app, admin.token, order.id, ORDER_STATE.STORED_IN_LOCKER);
    const opened = stored.logs!.find((l) => l.action === 'openForDeposit')!;
    expect(opened.adminName).toMatch(/^Estafeta /);
    expect(Date.parse(opened.createdAt)).toBeGreaterThanOrEqual(before - 5);
    expect((await lastPickupCode(ctx.app, order.id)).pin).toMatch(/^\d+$/);
  });

  it("takes a carrier's daily code for its parcel advised here, in a free door of its size", async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 3, sizes: ['S', 'M'] });
    const carrier = `Norte ${uniq()}`;
    const key = (await createApiKey(ctx.app, admin.token, ['orders:write'], { name: carrier })).key;
    await grantPlaces(ctx.app, admin.token, carrier, [placeId]);
    const codes = await callApi(ctx.app, key, API.partner.courierCodes, {});
    const code = codes.body.Data.codes.find((c) => c.locationId === placeId)!.code;
    const parcel = await callApi(ctx.app, key, API.partner.createOrder, {
      body: { packageId: newPackageId(), recipientPhone: '912345678', locationId: placeId, size: 'M' },
    });
    expect(parcel.status).toBe(200);
    const set = await publish(placeId);
    expect(set.credentials.filter((c) => c.id.startsWith('carrier:'))).not.toHaveLength(0);
    expect(JSON.stringify(set)).not.toContain(code);
    await settle();
    const reply = await local(placeId).deposit(code, parcel.body.Data.packageId, 'pt');
    expect(reply).toMatchObject({ ok: true, kind: 'deposit', doors: [2] });
    await settle();
    closeDoor(ctx.app, placeId, 2);
    const id = (
      await ctx.app.db
        .selectFrom('orders')
        .select('id')
        .where('package_id', '=', parcel.body.Data.packageId)
        .executeTakeFirstOrThrow()
    ).id;
    const stored = await waitForState(ctx.app, admin.token, id, ORDER_STATE.STORED_IN_LOCKER);
    expect(stored.assignedLocker!.doorNumber).toBe(2);
    expect(stored.logs!.find((l) => l.action === 'openForDeposit')!.adminName).toMatch(/\(estafeta\)$/);
  });

  async function officeUser(admin: { token: string }, name: string) {
    const card = `CA${uniq()}`;
    const u = await callApi(ctx.app, admin.token, API.office.createUser, {
      body: { id: 0, name, login: `${name.toLowerCase()}${uniq()}`, numberPrefix: 'PT', obs: '' },
    });
    expect(u.status).toBe(200);
    const withCard = await callApi(ctx.app, admin.token, API.office.updateUser, {
      body: { id: u.body.Data.id, card },
    });
    expect(withCard.status).toBe(200);
    return { id: u.body.Data.id, card };
  }

  it("opens an office user's own locker for their card; the access log and the door events name them", async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId, lockers } = await createPlace(ctx.app, { type: 'OFFICE', doors: 3 });
    const ana = await officeUser(admin, 'Ana');
    await ctx.app.db
      .insertInto('user_lockers')
      .values({ user_id: ana.id, locker_id: lockers[1]!.id, created_at: new Date().toISOString() })
      .execute();
    const set = await publish(placeId);
    expect(set.credentials.find((c) => c.id === `user:${ana.id}`)).toMatchObject({
      kind: 'office',
      doors: [2],
    });
    expect(JSON.stringify(set)).not.toContain(ana.card);
    await settle();
    const before = new Date().toISOString();
    expect(await local(placeId).card(ana.card.toLowerCase(), undefined, 'en')).toMatchObject({
      ok: true,
      kind: 'office',
      doors: [2],
    });
    await settle();
    closeDoor(ctx.app, placeId, 2);
    await settle();
    const access = await ctx.app.db
      .selectFrom('office_access_log')
      .select(['user_id', 'granted', 'credential', 'door_number', 'command_id'])
      .where('place_id', '=', placeId)
      .execute();
    expect(access).toEqual([
      {
        user_id: ana.id,
        granted: 1,
        credential: 'card',
        door_number: 2,
        command_id: expect.stringMatching(/^wall:/),
      },
    ]);
    const events = await ctx.app.db
      .selectFrom('door_events')
      .select(['door_status', 'user_id'])
      .where('place_id', '=', placeId)
      .where('door_number', '=', 2)
      .where('created_at', '>=', before)
      .orderBy('id')
      .execute();
    expect(events[0]).toEqual({ door_status: 0, user_id: ana.id });
  });

  it('opens an asset for a person who may take it; the close with its tag gone retrieves it', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId, lockers } = await createPlace(ctx.app, { type: 'OFFICE', doors: 2 });
    const bruno = await officeUser(admin, 'Bruno');
    const now = new Date().toISOString();
    const tag = `T${uniq()}`;
    const { id: assetId } = await ctx.app.db
      .insertInto('assets')
      .values({ name: 'Berbequim', tag, status: 4, created_at: now, updated_at: now, status_change_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .insertInto('asset_lockers')
      .values({ asset_id: assetId, locker_id: lockers[0]!.id, created_at: now })
      .execute();
    await ctx.app.db.updateTable('lockers').set({ status: 2 }).where('id', '=', lockers[0]!.id).execute();
    const added = await callApi(ctx.app, admin.token, API.assets.addUser, {
      body: { AssetId: assetId, UserId: bruno.id },
    });
    expect(added.status).toBe(200);
    const wall = ctx.app.devices.simulator!.simulator(placeId)!;
    wall.placeTag(1, tag);
    const set = await publish(placeId);
    expect(set.credentials.find((c) => c.id === `asset:${assetId}:user:${bruno.id}`)).toMatchObject({
      kind: 'asset',
      doors: [1],
      oneTime: true,
    });
    await settle();
    expect(await local(placeId).card(bruno.card, undefined, 'en')).toMatchObject({
      ok: true,
      kind: 'asset',
      doors: [1],
    });
    await settle();
    wall.removeTag(1, tag);
    await settle();
    closeDoor(ctx.app, placeId, 1);
    await settle();
    const row = await ctx.app.db
      .selectFrom('assets')
      .select('status')
      .where('id', '=', assetId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(ASSET_STATUS.RETRIEVED);
    const logs = await ctx.app.db
      .selectFrom('asset_logs')
      .select(['action_id', 'user_id'])
      .where('asset_id', '=', assetId)
      .orderBy('id')
      .execute();
    expect(logs).toContainEqual({
      action_id: ASSET_LOG_ACTION.OPENED_FOR_RETRIEVAL_BY_USER,
      user_id: bruno.id,
    });
    expect(logs.at(-1)!.action_id).toBe(ASSET_STATUS.RETRIEVED);
  });
});
