import { beforeAll, expect, it } from 'vitest';
import { API, type LockerUser } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { createPlace } from './helpers/fixtures.js';
import { createAsset, insertSchedule } from './helpers/asset-fixtures.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';

/**
 * A user's lockers, groups, schedules and assets come back inside the user's own row (JSON
 * arrays, one query per user or page): same shape and order on both databases, in the user
 * call and in a page of the list, and empty lists for a user with no links.
 */
describeEachDb('locker user relations', (ctx) => {
  let token: string;
  const tag = `r${Date.now() % 100_000}`;
  let linked: LockerUser;
  let bare: LockerUser;
  let expectedLockers: LockerUser['lockers'];
  let expectedGroups: LockerUser['groups'];
  let expectedSchedules: LockerUser['schedules'];
  let expectedAssets: LockerUser['assets'];

  const createUser = async (name: string, number: string) => {
    const r = await callApi(ctx.app, token, API.office.createUser, {
      body: { id: 0, login: '', numberPrefix: 'PT', obs: '', name, number },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };

  beforeAll(async () => {
    ({ token } = await signIn(ctx.app, 'admin'));
    // Place names in the opposite order of creation, so the order comes from the query.
    const b = await createPlace(ctx.app, { name: `B ${tag}`, doors: 3 });
    const a = await createPlace(ctx.app, { name: `A ${tag}`, doors: 3 });
    linked = await createUser(`Ana Relações ${tag}`, `N${tag}1`);
    bare = await createUser(`Bruno Relações ${tag}`, `N${tag}2`);
    const expiresAt = '2027-03-01T10:00:00.000Z';
    const add = await callApi(ctx.app, token, API.office.addLockers, {
      body: {
        userId: linked.id,
        lockerIds: [b.lockers[1]!.id, a.lockers[2]!.id, a.lockers[0]!.id],
        expiresAt,
      },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const locker = (place: typeof a, i: number, placeName: string) => ({
      id: place.lockers[i]!.id,
      doorNumber: place.lockers[i]!.door_number,
      size: place.lockers[i]!.size,
      placeId: place.placeId,
      placeName,
      expiresAt,
    });
    expectedLockers = [locker(a, 0, `A ${tag}`), locker(a, 2, `A ${tag}`), locker(b, 1, `B ${tag}`)];

    const now = nowIso();
    const groupIds: number[] = [];
    for (const name of [`Zeta ${tag}`, `Alfa ${tag}`]) {
      const g = await ctx.app.db
        .insertInto('user_groups')
        .values({ name, description: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      groupIds.push(g.id);
    }
    const groups = await callApi(ctx.app, token, API.office.authorizeGroups, {
      query: { userId: linked.id, userGroupIds: `${groupIds.join(',')}` },
    });
    expect(groups.status, JSON.stringify(groups.body)).toBe(200);
    expectedGroups = [
      { id: groupIds[1]!, name: `Alfa ${tag}` },
      { id: groupIds[0]!, name: `Zeta ${tag}` },
    ];

    const s1 = await insertSchedule(ctx.app, `Tarde ${tag}`);
    const s2 = await insertSchedule(ctx.app, `Manhã ${tag}`);
    const schedules = await callApi(ctx.app, token, API.office.addSchedules, {
      query: { lockerUserId: linked.id, scheduleIds: `${s1},${s2}` },
    });
    expect(schedules.status, JSON.stringify(schedules.body)).toBe(200);
    expectedSchedules = [
      { id: s2, name: `Manhã ${tag}` },
      { id: s1, name: `Tarde ${tag}` },
    ];

    const asset = await createAsset(ctx.app, token, { name: `Portátil ${tag}` });
    await ctx.app.db
      .insertInto('asset_users')
      .values({ asset_id: asset.id, user_id: linked.id, created_at: now })
      .execute();
    expectedAssets = [{ id: asset.id, name: `Portátil ${tag}` }];
  });

  it('returns every relation, ordered, in the user call', async () => {
    const r = await callApi(ctx.app, token, API.office.user, { params: { id: linked.id } });
    expect(r.status).toBe(200);
    expect(r.body.Data.lockers).toEqual(expectedLockers);
    expect(r.body.Data.groups).toEqual(expectedGroups);
    expect(r.body.Data.schedules).toEqual(expectedSchedules);
    expect(r.body.Data.assets).toEqual(expectedAssets);
  });

  it('returns the same relations in a page of the list, and empty lists for a user without links', async () => {
    const r = await callApi(ctx.app, token, API.office.users, {
      query: { max_results: 50, offset: '0', search: `Relações ${tag}` },
    });
    expect(r.status).toBe(200);
    expect(r.body.Data.users.map((u) => u.id)).toEqual([linked.id, bare.id]);
    const [first, second] = r.body.Data.users;
    expect(first).toMatchObject({
      lockers: expectedLockers,
      groups: expectedGroups,
      schedules: expectedSchedules,
      assets: expectedAssets,
    });
    expect(second).toMatchObject({ lockers: [], groups: [], schedules: [], assets: [] });
    const single = await callApi(ctx.app, token, API.office.user, { params: { id: bare.id } });
    expect(single.body.Data).toMatchObject({ lockers: [], groups: [], schedules: [], assets: [] });
  });

  it('answers notFound for a user that does not exist', async () => {
    const r = await callApi(ctx.app, token, API.office.user, { params: { id: 99999999 } });
    expect(r.status).toBe(404);
  });
});
