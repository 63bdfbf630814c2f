import { expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API, type ScheduleFieldsInput } from '@cacifo/contract';
import { apiRequest, call, callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, fastSimulator } from './helpers/fixtures.js';
import { createUser, uniq } from './helpers/office-fixtures.js';

describeEachDb(
  'office groups and schedules',
  (ctx) => {
    it('manages groups and schedules and links them to users', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 4 });
      const u = await createUser(ctx, token);
      const g = await callApi(ctx.app, token, API.office.createUserGroup, {
        body: { name: `Turno ${uniq()}`, lockerIds: [lockers[0]!.id] },
      });
      expect(g.status).toBe(200);
      expect(g.body.Data.lockers.map((l) => l.doorNumber)).toEqual([1]);
      const dupName = await callApi(ctx.app, token, API.office.createUserGroup, {
        body: { name: g.body.Data.name.toUpperCase() },
      });
      expect(dupName.status).toBe(409);
      const delivery = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
      const notOffice = await callApi(ctx.app, token, API.office.createUserGroup, {
        body: { name: 'Y', lockerIds: [delivery.lockers[0]!.id] },
      });
      expect(notOffice.status).toBe(404);

      const authorize = (userGroupIds: string) =>
        callApi(ctx.app, token, API.office.authorizeGroups, { query: { userId: u.id, userGroupIds } });
      const auth = await authorize(`${g.body.Data.id}`);
      expect(auth.status).toBe(200);
      const missing = await authorize(`${g.body.Data.id},999999`);
      expect(missing.status).toBe(404);
      expect((await authorize('a,b')).status).toBe(400);

      const badSchedules: ScheduleFieldsInput[] = [
        { name: 'S', startTime: '25:00', endTime: '10:00', weekdays: [1] },
        { name: 'S', startTime: '08:00', endTime: '10:00', weekdays: [] },
        { name: 'S', startTime: '08:00', endTime: '10:00', weekdays: [8] },
        {
          name: 'S',
          startTime: '08:00',
          endTime: '10:00',
          weekdays: [1],
          startDate: '2026-02-01',
          endDate: '2026-01-01',
        },
      ];
      for (const body of badSchedules) {
        expect((await callApi(ctx.app, token, API.office.createSchedule, { body })).status).toBe(400);
      }
      const missingGroup = await callApi(ctx.app, token, API.office.createSchedule, {
        body: { name: 'S', startTime: '08:00', endTime: '10:00', weekdays: [1], userGroupId: 999999 },
      });
      expect(missingGroup.status).toBe(404);
      const s = await callApi(ctx.app, token, API.office.createSchedule, {
        body: {
          name: 'Noite',
          startTime: '22:00',
          endTime: '06:00',
          weekdays: [5, 1, 1],
          userGroupId: g.body.Data.id,
          placeId,
        },
      });
      expect(s.body.Data).toMatchObject({ weekdays: [1, 5], userGroupName: g.body.Data.name, placeId });
      const upd = await callApi(ctx.app, token, API.office.updateSchedule, {
        body: { ...s.body.Data, name: 'Noite 2' },
      });
      expect(upd.body.Data.name).toBe('Noite 2');
      const scheduleLink = { lockerUserId: u.id, scheduleIds: `${s.body.Data.id}` };
      const add = await callApi(ctx.app, token, API.office.addSchedules, { query: scheduleLink });
      expect(add.status).toBe(200);
      const withLinks = await callApi(ctx.app, token, API.office.user, { params: { id: u.id } });
      expect(withLinks.body.Data.groups.map((x) => x.id)).toEqual([g.body.Data.id]);
      expect(withLinks.body.Data.schedules.map((x) => x.name)).toEqual(['Noite 2']);
      const groups = await callApi(ctx.app, token, API.office.userGroups, {});
      expect(groups.body.Data.groups.find((x) => x.id === g.body.Data.id)?.users.map((x) => x.id)).toEqual([
        u.id,
      ]);

      await callApi(ctx.app, token, API.office.removeSchedules, { query: scheduleLink });
      await callApi(ctx.app, token, API.office.unauthorizeGroups, {
        query: { userId: u.id, userGroupIds: `${g.body.Data.id}` },
      });
      const unlinked = await callApi(ctx.app, token, API.office.user, { params: { id: u.id } });
      expect(unlinked.body.Data).toMatchObject({ groups: [], schedules: [] });
      expect(
        (await callApi(ctx.app, token, API.office.deleteSchedule, { params: { id: s.body.Data.id } })).status,
      ).toBe(200);
      expect(
        (await callApi(ctx.app, token, API.office.deleteUserGroup, { params: { id: g.body.Data.id } }))
          .status,
      ).toBe(200);
      const logs = await ctx.app.db
        .selectFrom('admin_logs')
        .select('action')
        .where('action', 'in', [40, 41, 42])
        .execute();
      expect(logs.map((l) => l.action).sort()).toEqual([40, 41, 42]);
    });

    it('every call refuses ids that do not exist and malformed input, changing nothing', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 1 });
      const u = await createUser(ctx, token);
      const logsBefore = await ctx.app.db
        .selectFrom('admin_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const o = API.office;
      const lockerId = lockers[0]!.id;
      const cases: Array<[InjectOptions, number]> = [
        [apiRequest(o.userKpis, { params: { id: 999999 } }), 404],
        [apiRequest(o.userGroup, { params: { id: 999999 } }), 404],
        [apiRequest(o.updateUserGroup, { body: { id: 999999, name: 'X', updatedAt: 'x' } }), 404],
        [apiRequest(o.deleteUserGroup, { params: { id: 999999 } }), 404],
        [apiRequest(o.createUserGroup, { body: { name: '' } }), 400],
        [apiRequest(o.schedule, { params: { id: 999999 } }), 404],
        [
          apiRequest(o.updateSchedule, {
            body: {
              id: 999999,
              name: 'X',
              startTime: '08:00',
              endTime: '09:00',
              weekdays: [1],
              updatedAt: 'x',
            },
          }),
          404,
        ],
        [apiRequest(o.deleteSchedule, { params: { id: 999999 } }), 404],
        [
          apiRequest(o.createSchedule, {
            body: { name: 'X', startTime: '08:00', endTime: '09:00', weekdays: [1], placeId: 999999 },
          }),
          404,
        ],
        [apiRequest(o.addSchedules, { query: { lockerUserId: 999999, scheduleIds: '1' } }), 404],
        [apiRequest(o.addSchedules, { query: { lockerUserId: u.id, scheduleIds: '999999' } }), 404],
        // Past the types, sent as they are: a query without its schedules, a text id, an unknown kind and sort.
        [{ method: 'GET', url: `${o.addSchedules.path}?lockerUserId=${u.id}` }, 400],
        [apiRequest(o.unauthorizeGroups, { query: { userId: 999999, userGroupIds: '1' } }), 404],
        [apiRequest(o.addLockers, { body: { userId: 999999, lockerIds: [lockerId] } }), 404],
        [apiRequest(o.addLockers, { body: { userId: u.id, lockerIds: [999999] } }), 404],
        [apiRequest(o.addLockers, { body: { userId: u.id, lockerIds: [] } }), 400],
        [{ method: 'POST', url: o.removeLockers.path, payload: { userId: u.id, lockerIds: ['a'] } }, 400],
        [apiRequest(o.setUserEnabled, { body: { id: 999999, enabled: 1 } }), 404],
        [apiRequest(o.extendLocker, { body: { lockerId: 999999, hours: 1 } }), 404],
        [apiRequest(o.releaseLocker, { body: { lockerId, pin: '1234' } }), 422],
        [apiRequest(o.releaseLocker, { body: { lockerId, pin: '12' } }), 400],
        [apiRequest(o.accessCheck, { query: { userId: 999999, placeId } }), 404],
        [apiRequest(o.accessCheck, { query: { userId: u.id, placeId, at: 'yesterday' } }), 400],
        [apiRequest(o.activity, { query: { dateRange: '2026-02-01|2026-01-01' } }), 400],
        [{ method: 'GET', url: `${o.activity.path}?kind=other` }, 400],
        [{ method: 'GET', url: `${o.users.path}?sort=password` }, 400],
      ];
      for (const [req, status] of cases) {
        const r = await call(ctx.app, token, req);
        expect(r.status, `${req.method} ${req.url}`).toBe(status);
        expect(r.body.ResultCode).toBe(0);
      }
      const logsAfter = await ctx.app.db
        .selectFrom('admin_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(logsAfter.n)).toBe(Number(logsBefore.n));
      const still = await callApi(ctx.app, token, API.office.user, { params: { id: u.id } });
      expect(still.body.Data).toMatchObject({ lockers: [], groups: [], schedules: [] });
    });
  },
  { driver: () => fastSimulator(null) },
);
