import { expect, it } from 'vitest';
import { API, ASSET_STATUS, isLockerAvailable, lockerHolders, tileInput } from '@cacifo/contract';
import { lockerAvailabilityRepository } from '../src/modules/lockers/locker-availability.repository.js';
import { lockerTagsRepository } from '../src/modules/lockers/locker-tags.repository.js';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { createAsset } from './helpers/asset-fixtures.js';
import { createOrder } from './helpers/order-fixtures.js';

/**
 * What the reader sees decides (issue #32): a locker whose reader still reports a tag is never
 * offered as free, whatever its rows say; an asset being returned is stored as soon as its tag is
 * seen in the locker opened for it.
 */
describeEachDb('locker tags', (ctx) => {
  const settle = async () => {
    await ctx.app.devices.events.drain();
    await ctx.app.bus.idle();
  };
  const gridOf = async (token: string, placeId: number) =>
    (await callApi(ctx.app, token, API.locations.lockers, { params: { id: placeId } })).body.Data;
  const freeDoors = async (placeId: number) =>
    (await lockerAvailabilityRepository.free(ctx.app.db, { placeId })).map((l) => l.door_number);

  it('never offers a locker whose reader sees a tag, and offers it again once the tag is gone', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2, sizes: ['S'] });
    const wall = ctx.app.devices.simulator!.simulator(placeId)!;
    expect(await freeDoors(placeId)).toEqual([1, 2]);
    wall.placeTag(1, 'STRAY-1');
    await settle();
    expect(await freeDoors(placeId)).toEqual([2]);
    // The grid says the same as the SQL (docs/adr/0070, one rule): the tile is not free, the tag named.
    const grid = await gridOf(admin.token, placeId);
    expect(grid.Place).toMatchObject({ available: 1, occupied: 1 });
    expect(grid.Lockers.map((l) => [l.doorNumber, l.tagsSeen, isLockerAvailable(tileInput(l))])).toEqual([
      [1, ['STRAY-1'], false],
      [2, [], true],
    ]);
    expect(lockerHolders(tileInput(grid.Lockers[0]!))).toEqual(['tag']);
    const assign = async () => {
      const order = await createOrder(ctx.app, admin.token);
      return callApi(ctx.app, admin.token, API.orders.assignLocker, {
        query: { locationId: placeId, size: 'S', packageId: order.packageId },
      });
    };
    expect((await assign()).body.Data.assignedLocker!.doorNumber).toBe(2);
    expect((await assign()).body).toMatchObject({ Description: 'No locker avaliable' });
    wall.removeTag(1, 'STRAY-1');
    await settle();
    expect(await freeDoors(placeId)).toEqual([1]);
    const after = await gridOf(admin.token, placeId);
    expect(after.Lockers.map((l) => [l.doorNumber, l.tagsSeen, isLockerAvailable(tileInput(l))])).toEqual([
      [1, [], true],
      [2, [], false],
    ]);
  });

  it("a controller's tag snapshot replaces what the server believed its readers saw", async () => {
    const { placeId, lockers } = await createPlace(ctx.app, { type: 'OFFICE', doors: 2 });
    await settle();
    // A tag the server believes is there (its removal was never heard).
    await lockerTagsRepository.seen(ctx.app.db, lockers[1]!.id, 'GONE-2', true, new Date().toISOString());
    expect(await freeDoors(placeId)).toEqual([1]);
    // The picture a controller sends when it comes back (the door-events service stores it so).
    await lockerTagsRepository.snapshot(
      ctx.app.db,
      placeId,
      [{ doorNumber: 1, tagId: 'HERE-1' }],
      new Date().toISOString(),
    );
    expect(await freeDoors(placeId)).toEqual([2]);
  });

  it('stores a returned asset when its tag is seen, before the door closes', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId, lockers } = await createPlace(ctx.app, { type: 'OFFICE', doors: 2 });
    const wall = ctx.app.devices.simulator!.simulator(placeId)!;
    const x = await createAsset(ctx.app, admin.token, { tag: `RET-${Date.now()}` });
    const open = await callApi(ctx.app, admin.token, API.assets.openForStorage, {
      query: { assetId: x.id, placeId },
    });
    expect(open.status).toBe(200);
    const door = open.body.Data.doorNumber;
    await settle();
    const before = await callApi(ctx.app, admin.token, API.assets.asset, { query: { assetId: x.id } });
    expect(before.body.Data.status).toBe(ASSET_STATUS.OPEN_FOR_STORAGE);
    wall.placeTag(door, x.tag!);
    const stored = await waitFor(async () => {
      await settle();
      const r = await callApi(ctx.app, admin.token, API.assets.asset, { query: { assetId: x.id } });
      return r.body.Data.status === ASSET_STATUS.STORED ? r.body.Data : null;
    });
    expect(stored.lockers).toEqual([expect.objectContaining({ id: lockers[door - 1]!.id })]);
    const locker = await ctx.app.db
      .selectFrom('lockers')
      .select(['status', 'door_status'])
      .where('id', '=', lockers[door - 1]!.id)
      .executeTakeFirstOrThrow();
    // The door is still open: the tag alone stored it.
    expect(locker).toEqual({ status: 2, door_status: 0 });
  });
});
