import { beforeAll, expect, it } from 'vitest';
import type { Schedule, SchedulesReply, UserGroup, UserGroupsReply } from '@cacifo/contract';
import { createPlace } from './helpers/fixtures.js';
import { call, describeEachDb, signIn } from './helpers/test-app.js';

/**
 * The office's group and schedule lists on the list kit (issue #22): a name search in any case,
 * the filters their data has (a schedule's group and location), and the sort whitelist, on both
 * databases.
 */
describeEachDb('office lists: groups and schedules, filters and sort', (ctx) => {
  let token: string;
  const tag = `gk${Date.now() % 100_000}`;
  const groupIds: Record<string, number> = {};
  let placeId: number;

  const get = async <T>(url: string) => {
    const r = await call<T>(ctx.app, token, { method: 'GET', url });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const groups = async (query: string) =>
    (await get<UserGroupsReply>(`/api/julian/userGroups?search=${tag}&${query}`)).groups.map((g) => g.name);
  const schedules = async (query: string) =>
    (await get<SchedulesReply>(`/api/julian/schedules?search=${tag}&${query}`)).schedules.map((s) => s.name);

  beforeAll(async () => {
    ({ token } = await signIn(ctx.app, 'admin'));
    for (const name of ['Beta', 'Alfa', 'Gama']) {
      const g = await call<UserGroup>(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/userGroup',
        payload: { name: `${name} ${tag}` },
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
      const s = await call<Schedule>(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/schedule',
        payload: {
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
    expect(await groups('')).toEqual([`Alfa ${tag}`, `Beta ${tag}`, `Gama ${tag}`]);
    expect(await groups('sort=name&order=desc')).toEqual([`Gama ${tag}`, `Beta ${tag}`, `Alfa ${tag}`]);
    expect(await groups('sort=createdAt&order=desc')).toEqual([`Gama ${tag}`, `Alfa ${tag}`, `Beta ${tag}`]);
    const upper = await get<UserGroupsReply>(`/api/julian/userGroups?search=${tag.toUpperCase()}`);
    expect(upper.totalGroups).toBe(3);
    const bad = await call(ctx.app, token, { method: 'GET', url: '/api/julian/userGroups?sort=description' });
    expect(bad.status).toBe(400);
  });

  it('schedules: filter by group and location, sort by start time and date (no date last)', async () => {
    expect(await schedules(`groupId=${groupIds.Beta}&sort=startTime&order=asc`)).toEqual([
      `Dia ${tag}`,
      `Noite ${tag}`,
    ]);
    expect(await schedules(`placeId=${placeId}&sort=startTime&order=desc`)).toEqual([
      `Noite ${tag}`,
      `Tarde ${tag}`,
    ]);
    expect(await schedules('sort=startDate&order=asc')).toEqual([
      `Tarde ${tag}`,
      `Noite ${tag}`,
      `Dia ${tag}`,
    ]);
    expect(await schedules('sort=startDate&order=desc')).toEqual([
      `Noite ${tag}`,
      `Tarde ${tag}`,
      `Dia ${tag}`,
    ]);
    const all = await get<SchedulesReply>(`/api/julian/schedules?search=${tag.toUpperCase()}&max_results=2`);
    expect(all.totalSchedules).toBe(3);
    expect(all.schedules).toHaveLength(2);
    const bad = await call(ctx.app, token, { method: 'GET', url: '/api/julian/schedules?sort=weekdays' });
    expect(bad.status).toBe(400);
  });
});
