import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint, type QueryOf } from '@cacifo/contract';
import { createPlace } from './helpers/fixtures.js';
import { callApi, describeEachDb, signIn, apiRequest, call } from './helpers/test-app.js';

/**
 * The office's group and schedule lists on the list kit (issue #22): a name search in any case,
 * the filters their data has (a schedule's group and location), and the sort whitelist, on both
 * databases.
 */
describeEachDb('office lists: groups, schedules and activity, filters and sort', (ctx) => {
  let token: string;
  const tag = `gk${Date.now() % 100_000}`;
  const groupIds: Record<string, number> = {};
  let placeId: number;

  const get = async <E extends Endpoint>(endpoint: E, input: CallInput<E>) => {
    const r = await callApi(ctx.app, token, endpoint, input);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const groups = async (query: QueryOf<typeof API.office.userGroups>) =>
    (await get(API.office.userGroups, { query: { search: tag, ...query } })).groups.map((g) => g.name);
  const schedules = async (query: QueryOf<typeof API.office.schedules>) =>
    (await get(API.office.schedules, { query: { search: tag, ...query } })).schedules.map((s) => s.name);

  beforeAll(async () => {
    ({ token } = await signIn(ctx.app, 'admin'));
    for (const name of ['Beta', 'Alfa', 'Gama']) {
      const g = await callApi(ctx.app, token, API.office.createUserGroup, {
        body: { name: `${name} ${tag}` },
      });
      expect(g.status, JSON.stringify(g.body)).toBe(200);
      groupIds[name] = g.body.Data.id;
    }
    ({ placeId } = await createPlace(ctx.app, { doors: 1 }));
    const rows = [
      { name: `Noite ${tag}`, startTime: '22:00', startDate: '2026-02-01', group: 'Beta', place: true },
      { name: `Dia ${tag}`, startTime: '08:00', startDate: null, group: 'Beta', place: false },
      { name: `Tarde ${tag}`, startTime: '14:00', startDate: '2026-01-01', group: 'Gama', place: true },
    ];
    for (const r of rows) {
      const s = await callApi(ctx.app, token, API.office.createSchedule, {
        body: {
          name: r.name,
          startTime: r.startTime,
          endTime: '23:59',
          startDate: r.startDate,
          weekdays: [1, 2, 3],
          userGroupId: groupIds[r.group],
          placeId: r.place ? placeId : null,
        },
      });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
    }
  });

  it('groups: search in any case, sorted by name unless sorted, the sort whitelist', async () => {
    expect(await groups({})).toEqual([`Alfa ${tag}`, `Beta ${tag}`, `Gama ${tag}`]);
    expect(await groups({ sort: 'name', order: 'desc' })).toEqual([
      `Gama ${tag}`,
      `Beta ${tag}`,
      `Alfa ${tag}`,
    ]);
    expect(await groups({ sort: 'createdAt', order: 'desc' })).toEqual([
      `Gama ${tag}`,
      `Alfa ${tag}`,
      `Beta ${tag}`,
    ]);
    const upper = await get(API.office.userGroups, { query: { search: tag.toUpperCase() } });
    expect(upper.totalGroups).toBe(3);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.office.userGroups.path}?sort=description`,
    });
    expect(bad.status).toBe(400);
  });

  it('schedules: filter by group and location, sort by start time and date (no date last)', async () => {
    expect(await schedules({ groupId: groupIds.Beta, sort: 'startTime', order: 'asc' })).toEqual([
      `Dia ${tag}`,
      `Noite ${tag}`,
    ]);
    expect(await schedules({ placeId, sort: 'startTime', order: 'desc' })).toEqual([
      `Noite ${tag}`,
      `Tarde ${tag}`,
    ]);
    expect(await schedules({ sort: 'startDate', order: 'asc' })).toEqual([
      `Tarde ${tag}`,
      `Noite ${tag}`,
      `Dia ${tag}`,
    ]);
    expect(await schedules({ sort: 'startDate', order: 'desc' })).toEqual([
      `Noite ${tag}`,
      `Tarde ${tag}`,
      `Dia ${tag}`,
    ]);
    const all = await get(API.office.schedules, { query: { search: tag.toUpperCase(), max_results: 2 } });
    expect(all.totalSchedules).toBe(3);
    expect(all.schedules).toHaveLength(2);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.office.schedules.path}?sort=weekdays`,
    });
    expect(bad.status).toBe(400);
  });

  it('activity: door events and kiosk attempts by place, door, outcome; sort by door; export equals the list', async () => {
    const { placeId: office } = await createPlace(ctx.app, { doors: 3, name: `Escritório ${tag}` });
    const doorRows = [
      { door: 2, status: 0, at: '2026-03-01T08:00:00.000Z' },
      { door: 1, status: 2, at: '2026-03-02T08:00:00.000Z' },
      { door: 3, status: 0, at: '2026-03-03T08:00:00.000Z' },
    ];
    for (const r of doorRows) {
      await ctx.app.db
        .insertInto('door_events')
        .values({
          place_id: office,
          door_number: r.door,
          door_status: r.status,
          previous_status: 2,
          created_at: r.at,
        })
        .execute();
    }
    const attempts = [
      { door: 1, granted: 1, at: '2026-03-01T09:00:00.000Z' },
      { door: 2, granted: 0, at: '2026-03-02T09:00:00.000Z' },
      { door: null, granted: 0, at: '2026-03-03T09:00:00.000Z' },
    ];
    for (const a of attempts) {
      await ctx.app.db
        .insertInto('office_access_log')
        .values({
          place_id: office,
          door_number: a.door,
          credential: 'card',
          granted: a.granted,
          reason: a.granted ? null : 'noLocker',
          created_at: a.at,
        })
        .execute();
    }
    const doors = async (query: QueryOf<typeof API.office.activity>) =>
      (await get(API.office.activity, { query: { placeId: office, ...query } })).events.map(
        (e) => e.doorNumber,
      );
    expect(await doors({})).toEqual([3, 1, 2]);
    expect(await doors({ sort: 'doorNumber', order: 'asc' })).toEqual([1, 2, 3]);
    expect(await doors({ dateRange: '2026-03-01|2026-03-02', sort: 'at', order: 'asc' })).toEqual([2, 1]);
    expect(await doors({ kind: 'access', sort: 'doorNumber', order: 'asc' })).toEqual([1, 2, null]);
    expect(await doors({ kind: 'access', sort: 'doorNumber', order: 'desc' })).toEqual([2, 1, null]);
    expect(await doors({ kind: 'access', granted: '0' })).toEqual([null, 2]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.office.activity.path}?sort=userName`,
    });
    expect(bad.status).toBe(400);

    const res = await ctx.app.inject({
      ...apiRequest(API.office.exportActivity, {
        query: {
          kind: 'access',
          placeId: office,
          granted: '0',
          sort: 'doorNumber',
          order: 'asc',
          format: 'csv',
          language: 'en',
        },
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]!.slice(0, 3)).toEqual(['Date', 'Location', 'Door']);
    expect(lines.slice(1).map((l) => l[2])).toEqual(['2', '']);
    expect(lines.slice(1).map((l) => l[0])).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-03T09:00:00.000Z']);
  });
});
