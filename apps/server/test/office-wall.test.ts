import { beforeAll, expect, it } from 'vitest';
import { API, showsOpenOccupied, tileInput, type CallInput, type Endpoint } from '@cacifo/contract';
import { call, describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { bindScreen, createPlace, waitFor } from './helpers/fixtures.js';
import { assetLogActions, createAsset } from './helpers/asset-fixtures.js';
import { localTime } from '../src/modules/office/access-decision.js';

let seq = 0;
const uniq = () => `${Date.now() % 1_000_000}${++seq}`;

/**
 * The office wall (issue #33): a locker user opens their own locker (a choice of doors when they hold
 * several), takes and returns an asset, all within their office schedules, which also hold for an
 * asset given through a group; refused outside them with when they may come back. An open office
 * locker its users hold shows the open-with-contents marker.
 */
describeEachDb('office wall', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let screen: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  let lockers: Awaited<ReturnType<typeof createPlace>>['lockers'];
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    screen = await signIn(ctx.app, 'screen');
    ({ placeId, lockers } = await createPlace(ctx.app, { doors: 6, sizes: ['S', 'M', 'L'] }));
    await bindScreen(ctx.app, screen.id, placeId);
  });
  const api = async <E extends Endpoint>(endpoint: E, input: CallInput<E>) => {
    const r = await callApi(ctx.app, admin.token, endpoint, input);
    if (r.status !== 200) throw new Error(`${endpoint.id}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.Data;
  };
  const kiosk = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, screen.token, endpoint, input);
  const sim = () => ctx.app.devices.simulator!.simulator(placeId)!;
  const settle = async () => {
    await ctx.app.devices.events.drain();
    await ctx.app.bus.idle();
  };
  const asset = (id: number) => api(API.assets.asset, { query: { assetId: id } });
  const view = async (lockerId: number) => {
    const grid = await api(API.locations.lockers, { params: { id: placeId } });
    return grid.Lockers.find((l) => l.id === lockerId)!;
  };

  async function person(name: string) {
    const card = `CB${uniq()}`;
    const u = await api(API.office.createUser, {
      body: {
        id: 0,
        name,
        login: `${name.toLowerCase()}${uniq()}`,
        numberPrefix: 'PT',
        obs: '',
      },
    });
    await api(API.office.updateUser, { body: { id: u.id, card } });
    return { id: u.id, card };
  }
  const today = localTime(new Date()).weekday;
  const notToday = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today);

  it('lists the doors a person holds here, own first, and opens the one chosen; the open tile is marked', async () => {
    const ana = await person('Ana');
    expect(await kiosk(API.office.kioskLockers, { body: { card: ana.card } })).toMatchObject({
      status: 403,
      body: { Data: { reason: 'noLocker' } },
    });
    const group = await api(API.office.createUserGroup, {
      body: {
        name: `Piso ${uniq()}`,
        lockerIds: [lockers[0]!.id],
      },
    });
    await api(API.office.authorizeGroups, { query: { userId: ana.id, userGroupIds: `${group.id}` } });
    await api(API.office.addLockers, { body: { userId: ana.id, lockerIds: [lockers[1]!.id] } });
    const doors = await kiosk(API.office.kioskLockers, { body: { card: ana.card } });
    expect(doors.status).toBe(200);
    expect(doors.body.Data).toEqual({
      userId: ana.id,
      userName: 'Ana',
      lockers: [
        { lockerId: lockers[1]!.id, doorNumber: 2 },
        { lockerId: lockers[0]!.id, doorNumber: 1 },
      ],
    });
    // The office assignment keeps status 0; closed, no marker.
    expect(showsOpenOccupied(tileInput(await view(lockers[0]!.id)))).toBe(false);
    const opened = await kiosk(API.office.kioskOpen, { body: { card: ana.card, lockerId: lockers[0]!.id } });
    expect(opened).toMatchObject({
      status: 200,
      body: { Data: { lockerId: lockers[0]!.id, doorNumber: 1 } },
    });
    const open = await waitFor(async () => {
      await settle();
      const v = await view(lockers[0]!.id);
      return v.doorStatus === 0 ? v : null;
    });
    expect(open.status).toBe(0);
    expect(showsOpenOccupied(tileInput(open))).toBe(true);
    sim().closeByHand(1);
    await waitFor(async () => (await settle(), (await view(lockers[0]!.id)).doorStatus === 2));
  });

  it("outside their office schedules a person takes no asset, not even a group's, and is told when to come back", async () => {
    const rui = await person('Rui');
    const group = await api(API.office.createUserGroup, {
      body: {
        name: `Obras ${uniq()}`,
        lockerIds: [lockers[3]!.id],
      },
    });
    await api(API.office.authorizeGroups, { query: { userId: rui.id, userGroupIds: `${group.id}` } });
    const drill = await createAsset(ctx.app, admin.token, { name: 'Berbequim', isRandomLocker: true });
    await api(API.assets.addGroup, { body: { assetId: drill.id, groupId: group.id } });
    // Stored here through an admin opening.
    const stored = await api(API.assets.openForStorage, { query: { assetId: drill.id, placeId } });
    sim().closeByHand(stored.doorNumber);
    await waitFor(async () => (await settle(), (await asset(drill.id)).status === 4));
    const list = await kiosk(API.office.kioskAssets, { body: { card: rui.card } });
    expect(list.body.Data.assets.map((a) => a.id)).toEqual([drill.id]);

    // The group works another day: nothing now, and the reply says when (tomorrow 00:00, Lisbon).
    await api(API.office.createSchedule, {
      body: {
        name: `Outro dia ${uniq()}`,
        startTime: '00:00',
        endTime: '00:00',
        weekdays: notToday,
        userGroupId: group.id,
      },
    });
    for (const endpoint of [
      API.office.kioskAssets,
      API.office.kioskTakeAsset,
      API.office.kioskReturnableAssets,
      API.office.kioskLockers,
    ]) {
      // One body for all four entries (assetId where it means nothing): each entry's path, untyped.
      const r = await call<{ reason: string; retryAt: string }>(ctx.app, screen.token, {
        method: endpoint.method,
        url: endpoint.path,
        payload: { card: rui.card, assetId: drill.id },
      });
      expect(r.status).toBe(403);
      expect(r.body.Data.reason).toBe('outsideSchedule');
      expect(localTime(new Date(r.body.Data.retryAt))).toMatchObject({
        weekday: (today % 7) + 1,
        minutes: 0,
      });
    }
    expect((await asset(drill.id)).status).toBe(4);
  });

  it('returns an asset: a free locker of its size here opens, and closing it with the tag seen stores it', async () => {
    const eva = await person('Eva');
    const laptop = await createAsset(ctx.app, admin.token, {
      name: 'Portátil',
      tag: `E280-RET-${uniq()}`,
      isRandomLocker: true,
    });
    await api(API.assets.addUser, { body: { AssetId: laptop.id, UserId: eva.id } });
    // Not out yet: nothing to bring back.
    const none = await kiosk(API.office.kioskReturnableAssets, { body: { card: eva.card } });
    expect(none.body.Data).toEqual({ userId: eva.id, userName: 'Eva', assets: [] });
    await ctx.app.db.updateTable('assets').set({ status: 6 }).where('id', '=', laptop.id).execute();
    const mine = await kiosk(API.office.kioskReturnableAssets, { body: { card: eva.card } });
    expect(mine.body.Data.assets).toEqual([{ id: laptop.id, name: 'Portátil' }]);
    // Someone else's asset is refused.
    const other = await person('Outro');
    const refused = await kiosk(API.office.kioskReturnAsset, {
      body: { card: other.card, assetId: laptop.id },
    });
    expect(refused).toMatchObject({ status: 403, body: { Data: { reason: 'assetNotAllowed' } } });

    const back = await kiosk(API.office.kioskReturnAsset, { body: { card: eva.card, assetId: laptop.id } });
    expect(back.status).toBe(200);
    expect(back.body.Data).toMatchObject({ id: laptop.id, userId: eva.id, outcome: 'opened' });
    const door = back.body.Data.doorNumber;
    expect((await asset(laptop.id)).status).toBe(3);
    sim().placeTag(door, laptop.tag!);
    await waitFor(async () => (await settle(), (await asset(laptop.id)).tagStatus === 1));
    sim().closeByHand(door);
    await waitFor(async () => (await settle(), (await asset(laptop.id)).status === 4));
    expect(await assetLogActions(ctx.app, laptop.id)).toEqual(expect.arrayContaining([16, 8, 4]));
    const log = await ctx.app.db
      .selectFrom('asset_logs')
      .select(['user_id', 'door_number'])
      .where('asset_id', '=', laptop.id)
      .where('action_id', '=', 16)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ user_id: eva.id, door_number: door });
    expect(
      (await kiosk(API.office.kioskReturnableAssets, { body: { card: eva.card } })).body.Data.assets,
    ).toEqual([]);
  });

  it('a return whose tag the reader does not see is not stored; a fixed asset goes back to its home locker', async () => {
    const ines = await person('Inês');
    const camera = await createAsset(ctx.app, admin.token, { name: 'Câmara', isRandomLocker: false });
    await api(API.assets.addUser, { body: { AssetId: camera.id, UserId: ines.id } });
    // Home: door 6, asked for by the admin's first storage.
    const first = await api(API.assets.openForStorage, {
      query: { assetId: camera.id, lockerId: lockers[5]!.id },
    });
    expect(first.doorNumber).toBe(6);
    sim().closeByHand(6);
    await waitFor(async () => (await settle(), (await asset(camera.id)).status === 4));
    await api(API.assets.openForRetrieval, { query: { assetId: camera.id } });
    sim().closeByHand(6);
    await waitFor(async () => (await settle(), (await asset(camera.id)).status === 6));

    const back = await kiosk(API.office.kioskReturnAsset, { body: { card: ines.card, assetId: camera.id } });
    expect(back.body.Data).toMatchObject({ lockerId: lockers[5]!.id, doorNumber: 6 });
    // Closed without the asset: the reader never saw its tag.
    sim().closeByHand(6);
    await waitFor(async () => (await settle(), (await asset(camera.id)).status === 6));
    const actions = await assetLogActions(ctx.app, camera.id);
    expect(actions).toContain(17);
    const home = await ctx.app.db
      .selectFrom('lockers')
      .select('status')
      .where('id', '=', lockers[5]!.id)
      .executeTakeFirstOrThrow();
    expect(home.status).toBe(1);
  });
});
