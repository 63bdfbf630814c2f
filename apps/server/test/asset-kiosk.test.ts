import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace, waitFor } from './helpers/fixtures.js';
import { localTime } from '../src/modules/office/access-decision.js';

let seq = 0;
const uniq = () => `${Date.now() % 1_000_000}${++seq}`;

/**
 * Asset access enforced at the kiosk (issue #27): card or PIN, the assets stored here this person
 * may take now (asset users, the asset's groups, asset schedules, their own schedules for the
 * asset), the door opens and the asset log says who took it.
 */
describeEachDb('assets kiosk', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let screen: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  let lockers: Awaited<ReturnType<typeof createPlace>>['lockers'];
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    screen = await signIn(ctx.app, 'screen');
    ({ placeId, lockers } = await createPlace(ctx.app, { doors: 4 }));
    await bindScreen(ctx.app, screen.id, placeId);
  });
  const api = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, admin.token, endpoint, input);
  const kiosk = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
    callApi(ctx.app, screen.token, endpoint, input);
  const mayTake = async (card: string) => {
    const r = await kiosk(API.office.kioskAssets, { body: { placeId, card } });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.Data.assets.map((a) => a.name);
  };

  async function person(name: string) {
    const card = `CA${uniq()}`;
    const u = await api(API.office.createUser, {
      body: {
        id: 0,
        name,
        login: name.toLowerCase(),
        numberPrefix: 'PT',
        obs: '',
      },
    });
    expect(u.status).toBe(200);
    const withCard = await callApi(ctx.app, admin.token, API.office.updateUser, {
      body: { id: u.body.Data.id, card },
    });
    expect(withCard.status).toBe(200);
    return { id: u.body.Data.id, card };
  }
  /** An asset stored in a locker here (as a finished storage leaves it). */
  async function storedAsset(name: string, locker: { id: number }) {
    const now = new Date().toISOString();
    const { id } = await ctx.app.db
      .insertInto('assets')
      .values({ name, tag: `T${uniq()}`, status: 4, created_at: now, updated_at: now, status_change_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .insertInto('asset_lockers')
      .values({ asset_id: id, locker_id: locker.id, created_at: now })
      .execute();
    await ctx.app.db.updateTable('lockers').set({ status: 2 }).where('id', '=', locker.id).execute();
    return id;
  }
  async function schedule(weekdays: number[]) {
    const s = await api(API.office.createSchedule, {
      body: {
        name: `Turno ${uniq()}`,
        startTime: '00:00',
        endTime: '00:00',
        weekdays,
      },
    });
    expect(s.status).toBe(200);
    return s.body.Data.id;
  }
  const today = localTime(new Date()).weekday;
  const notToday = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today);

  it('the office screen offers opening a locker, taking and returning an asset (the office wall)', async () => {
    const r = await callApi(ctx.app, screen.token, API.kiosk.screen, {});
    expect(r.body.Data).toMatchObject({
      placeId,
      placeType: 'OFFICE',
      tasks: ['openLocker', 'assets', 'returnAsset'],
    });
  });

  it('lists only the assets this person may take; anyone else is refused with the reason', async () => {
    const ana = await person('Ana');
    const bruno = await person('Bruno');
    const drill = await storedAsset('Berbequim', lockers[0]!);
    expect((await api(API.assets.addUser, { body: { AssetId: drill, UserId: ana.id } })).status).toBe(200);

    expect(await kiosk(API.office.kioskAssets, { body: { placeId, card: 'FFFF0000' } })).toMatchObject({
      status: 403,
      body: { Description: 'accessDenied', Data: { reason: 'unknownCredential' } },
    });
    expect(await mayTake(ana.card)).toEqual(['Berbequim']);
    expect(await mayTake(bruno.card)).toEqual([]);
    const refused = await kiosk(API.office.kioskTakeAsset, {
      body: { placeId, card: bruno.card, assetId: drill },
    });
    expect(refused).toMatchObject({ status: 403, body: { Data: { reason: 'assetNotAllowed' } } });
    const denied = await ctx.app.db
      .selectFrom('office_access_log')
      .select(['granted', 'reason'])
      .where('user_id', '=', bruno.id)
      .execute();
    expect(denied).toEqual([{ granted: 0, reason: 'assetNotAllowed' }]);
    // Nothing moved.
    const asset = await api(API.assets.asset, { query: { assetId: drill } });
    expect(asset.body.Data.status).toBe(4);

    // A disabled person takes nothing, whatever they were given.
    await ctx.app.db.updateTable('locker_users').set({ enabled: 0 }).where('id', '=', ana.id).execute();
    expect(await kiosk(API.office.kioskAssets, { body: { placeId, card: ana.card } })).toMatchObject({
      status: 403,
      body: { Data: { reason: 'userDisabled' } },
    });
    await ctx.app.db.updateTable('locker_users').set({ enabled: 1 }).where('id', '=', ana.id).execute();
  });

  it("the asset's schedules limit everyone; a person's own schedules for the asset take their place", async () => {
    const rita = await person('Rita');
    const laptop = await storedAsset('Portátil', lockers[1]!);
    expect((await api(API.assets.addUser, { body: { AssetId: laptop, UserId: rita.id } })).status).toBe(200);
    expect(await mayTake(rita.card)).toEqual(['Portátil']);
    const elsewhen = await schedule(notToday);
    expect(
      (await api(API.assets.addSchedules, { query: { assetId: laptop, scheduleIds: `${elsewhen}` } })).status,
    ).toBe(200);
    expect(await mayTake(rita.card)).toEqual([]);
    // The wall says when she may take it: the asset's next day, at its start (issue #33).
    const later = await kiosk(API.office.kioskAssets, { body: { placeId, card: rita.card } });
    expect(later.body.Data.later).toEqual([
      {
        id: laptop,
        name: 'Portátil',
        lockerId: lockers[1]!.id,
        doorNumber: 2,
        availableAt: expect.any(String),
      },
    ]);
    const at = localTime(new Date(later.body.Data.later[0]!.availableAt!));
    expect(at).toMatchObject({ weekday: (today % 7) + 1, minutes: 0 });
    const always = await schedule([1, 2, 3, 4, 5, 6, 7]);
    const own = await api(API.assets.addUserSchedules, {
      query: { assetId: laptop, userId: rita.id, scheduleIds: `${always}` },
    });
    expect(own.status).toBe(200);
    expect(await mayTake(rita.card)).toEqual(['Portátil']);
    // Her own schedule not today: refused again, though the asset's would not matter now.
    await api(API.assets.removeUserSchedules, {
      query: { assetId: laptop, userId: rita.id, scheduleIds: `${always}` },
    });
    await api(API.assets.addUserSchedules, {
      query: { assetId: laptop, userId: rita.id, scheduleIds: `${elsewhen}` },
    });
    expect(await mayTake(rita.card)).toEqual([]);
  });

  it("a group's access reaches people who join later; taking opens the door and the asset log names them", async () => {
    const group = await api(API.office.createUserGroup, { body: { name: `Obras ${uniq()}` } });
    expect(group.status).toBe(200);
    const camera = await storedAsset('Câmara', lockers[2]!);
    const granted = await api(API.assets.addGroup, {
      body: {
        assetId: camera,
        groupId: group.body.Data.id,
      },
    });
    expect(granted.body.Data.groups).toEqual([{ id: group.body.Data.id, name: expect.any(String) }]);
    expect((await api(API.assets.addGroup, { body: { assetId: camera, groupId: 999999 } })).status).toBe(404);

    // Carla joins the group after the asset was given to it.
    const carla = await person('Carla');
    expect(await mayTake(carla.card)).toEqual([]);
    const joined = await api(API.office.authorizeGroups, {
      query: { userId: carla.id, userGroupIds: `${group.body.Data.id}` },
    });
    expect(joined.status).toBe(200);
    expect(await mayTake(carla.card)).toEqual(['Câmara']);
    // Her user page lists it among her assets (through the group).
    const hers = await api(API.assets.userAssets, { query: { userId: carla.id } });
    expect(hers.body.Data.map((a) => a.name)).toEqual(['Câmara']);

    const taken = await kiosk(API.office.kioskTakeAsset, {
      body: { placeId, card: carla.card, assetId: camera },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.Data).toMatchObject({ id: camera, doorNumber: 3, userId: carla.id, outcome: 'opened' });
    const logs = await ctx.app.db
      .selectFrom('asset_logs')
      .select(['action_id', 'user_id', 'username', 'door_number'])
      .where('asset_id', '=', camera)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([{ action_id: 14, user_id: carla.id, username: 'Carla', door_number: 3 }]);
    // The log's door says where it is.
    const place = await ctx.app.db
      .selectFrom('places')
      .select('name')
      .where('id', '=', placeId)
      .executeTakeFirstOrThrow();
    const read = await api(API.assets.assetLogs, { query: { assetId: camera, max_results: 5 } });
    expect(read.body.Data[0]).toMatchObject({ actionId: 14, doorNumber: 3, placeName: place.name });
    const all = await api(API.assets.logs, { query: { assetId: camera } });
    expect(all.body.Data.logs[0]?.placeName).toBe(place.name);
    // She closes the door: the retrieval completes and the random locker is free again.
    ctx.app.devices.simulator!.simulator(placeId)!.closeByHand(3);
    await waitFor(async () => {
      await ctx.app.devices.events.drain();
      return (await api(API.assets.asset, { query: { assetId: camera } })).body.Data.status === 6;
    });

    // Taking the group's access away ends it for its members.
    await ctx.app.db.updateTable('assets').set({ status: 4 }).where('id', '=', camera).execute();
    await ctx.app.db
      .insertInto('asset_lockers')
      .values({ asset_id: camera, locker_id: lockers[2]!.id, created_at: new Date().toISOString() })
      .execute();
    expect(await mayTake(carla.card)).toEqual(['Câmara']);
    expect(
      (await api(API.assets.removeGroup, { body: { assetId: camera, groupId: group.body.Data.id } })).status,
    ).toBe(200);
    expect(await mayTake(carla.card)).toEqual([]);
  });
});
