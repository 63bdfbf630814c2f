import { expect, it } from 'vitest';
import { API, type KioskAccessRequest } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace, fastSimulator, waitFor } from './helpers/fixtures.js';
import { createUser, uniq } from './helpers/office-fixtures.js';

describeEachDb(
  'office kiosk',
  (ctx) => {
    it('kiosk: card or PIN opens the user locker within schedule, refuses outside, records each try', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const screen = await signIn(ctx.app, 'screen');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 3 });
      await bindScreen(ctx.app, screen.id, placeId);
      const u = await createUser(ctx, token);
      const card = `CA${uniq()}`;
      const pin = String(1000 + ((Number(uniq()) * 7) % 9000));
      await callApi(ctx.app, token, API.office.updateUser, { body: { id: u.id, card } });
      await callApi(ctx.app, token, API.office.updateUser, { body: { id: u.id, pin } });
      const kiosk = (body: KioskAccessRequest) =>
        callApi(ctx.app, screen.token, API.office.kioskOpen, { body });

      expect((await kiosk({ placeId, card, pin })).status).toBe(400);
      expect((await kiosk({ placeId })).status).toBe(400);
      // Only the screen's own place: any other one, existing or not, is refused (issue #20).
      expect((await kiosk({ placeId: 999999, card })).status).toBe(403);
      const delivery = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
      expect((await kiosk({ placeId: delivery.placeId, card })).status).toBe(403);
      expect(await kiosk({ placeId, card: 'FFFF0000' })).toMatchObject({
        status: 403,
        body: { Description: 'accessDenied', Data: { reason: 'unknownCredential' } },
      });
      expect(await kiosk({ placeId, card })).toMatchObject({
        status: 403,
        body: { Data: { reason: 'noLocker' } },
      });

      const assign = await callApi(ctx.app, token, API.office.addLockers, {
        body: { userId: u.id, lockerIds: [lockers[1]!.id] },
      });
      expect(assign.status).toBe(200);
      const opened = await kiosk({ placeId, card });
      expect(opened).toMatchObject({
        status: 200,
        body: {
          Data: { granted: true, userId: u.id, lockerId: lockers[1]!.id, doorNumber: 2, outcome: 'opened' },
        },
      });
      ctx.app.devices.simulator!.simulator(placeId)!.closeByHand(2);
      await waitFor(async () => {
        await ctx.app.devices.events.drain();
        const r = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', lockers[1]!.id)
          .executeTakeFirstOrThrow();
        return r.door_status === 2;
      });

      // A schedule that leaves out today's weekday: refused now.
      const { localTime } = await import('../src/modules/office/access-decision.js');
      const today = localTime(new Date()).weekday;
      const notToday = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today);
      const s = await callApi(ctx.app, token, API.office.createSchedule, {
        body: { name: 'Outro dia', startTime: '00:00', endTime: '00:00', weekdays: notToday },
      });
      await callApi(ctx.app, token, API.office.addSchedules, {
        query: { lockerUserId: u.id, scheduleIds: `${s.body.Data.id}` },
      });
      expect(await kiosk({ placeId, pin })).toMatchObject({
        status: 403,
        body: { Data: { reason: 'outsideSchedule' } },
      });
      const check = await callApi(ctx.app, token, API.office.accessCheck, {
        query: { userId: u.id, placeId },
      });
      // Told when they may come back: the next of its days, at its start (issue #33).
      expect(check.body.Data).toEqual({
        granted: false,
        reason: 'outsideSchedule',
        retryAt: expect.any(String),
      });
      const retryAt = Date.parse((check.body.Data as { retryAt: string }).retryAt);
      // Every day but today: tomorrow at 00:00 in Lisbon.
      expect(localTime(new Date(retryAt))).toMatchObject({ weekday: (today % 7) + 1, minutes: 0 });
      await callApi(ctx.app, token, API.office.updateSchedule, {
        body: { ...s.body.Data, weekdays: [today] },
      });
      const byPin = await kiosk({ placeId, pin, lockerId: lockers[1]!.id });
      expect(byPin.status).toBe(200);
      expect((await kiosk({ placeId, pin, lockerId: lockers[0]!.id })).body.Data).toEqual({
        reason: 'lockerNotAllowed',
      });

      await callApi(ctx.app, token, API.office.setUserEnabled, { body: { id: u.id, enabled: 0 } });
      expect((await kiosk({ placeId, card })).body.Data).toEqual({ reason: 'userDisabled' });

      const tries = await ctx.app.db
        .selectFrom('office_access_log')
        .select(['granted', 'reason', 'credential'])
        .where('user_id', '=', u.id)
        .orderBy('id')
        .execute();
      expect(tries.map((t) => [t.granted, t.reason])).toEqual([
        [0, 'noLocker'],
        [1, null],
        [0, 'outsideSchedule'],
        [1, null],
        [0, 'lockerNotAllowed'],
        [0, 'userDisabled'],
      ]);
      await ctx.app.devices.events.drain();
      const kpis = await callApi(ctx.app, token, API.office.userKpis, { params: { id: u.id } });
      expect(kpis.body.Data.doorOpenings).toEqual({ last1Year: 2, last30Days: 2, last15Days: 2, total: 2 });
      expect(kpis.body.Data.timeSpentWithDoorOpen.last30Days).toBeGreaterThanOrEqual(0);
      expect(kpis.body.Data.reports).toHaveLength(30);
      expect(kpis.body.Data.reports.at(-1)!.openings).toBe(2);
      expect(kpis.body.Data.recentActions[0]).toMatchObject({ doorNumber: 2 });
      const activity = await callApi(ctx.app, token, API.office.activity, { query: { userId: u.id } });
      expect(activity.body.Data.totalEvents).toBeGreaterThanOrEqual(2);
      const denied = await callApi(ctx.app, token, API.office.activity, {
        query: { kind: 'access', userId: u.id },
      });
      expect(denied.body.Data.totalEvents).toBe(6);
      const dash = await callApi(ctx.app, token, API.office.dashboard, {});
      expect(dash.body.Data).toMatchObject({ openings: { today: expect.any(Number) as number } });
    });

    it('a failed door answers doorOpenFailed and is recorded', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const screen = await signIn(ctx.app, 'screen');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
      await bindScreen(ctx.app, screen.id, placeId);
      const u = await createUser(ctx, token);
      const card = `DE${uniq()}`;
      await callApi(ctx.app, token, API.office.updateUser, { body: { id: u.id, card } });
      await callApi(ctx.app, token, API.office.addLockers, {
        body: { userId: u.id, lockerIds: [lockers[0]!.id] },
      });
      ctx.app.devices.simulator!.simulator(placeId)!.setFault('jam', 1);
      const r = await callApi(ctx.app, screen.token, API.office.kioskOpen, { body: { placeId, card } });
      expect(r).toMatchObject({ status: 409, body: { Description: 'doorJammed', Data: { ok: false } } });
      const row = await ctx.app.db
        .selectFrom('office_access_log')
        .select(['granted', 'outcome'])
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(row.granted).toBe(1);
      expect(row.outcome).not.toBe('opened');
    });
  },
  { driver: () => fastSimulator(null) },
);

describeEachDb(
  'office switched off',
  (ctx) => {
    it('answers moduleDisabled for office calls and the office kiosk', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const screen = await signIn(ctx.app, 'screen');
      const { placeId } = await createPlace(ctx.app, { doors: 1 });
      await bindScreen(ctx.app, screen.id, placeId);
      const r = await callApi(ctx.app, token, API.office.users, {});
      expect(r.body.Description).toBe('moduleDisabled');
      const k = await callApi(ctx.app, screen.token, API.office.kioskOpen, { body: { pin: '1234' } });
      expect(k).toMatchObject({ status: 404, body: { Description: 'moduleDisabled' } });
    });
  },
  { env: { MODULES: 'delivery' }, driver: () => fastSimulator(null) },
);
