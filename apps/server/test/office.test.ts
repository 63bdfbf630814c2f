import { versionOf } from './helpers/versions.js';
import { expect, it, vi } from 'vitest';
import type {
  LockerUser,
  OfficeLocker,
  Schedule,
  UserGroup,
  UserGroupsReply,
  UserKpis,
  UsersReply,
} from '@cacifo/contract';
import { call, describeEachDb, signIn, type TestContext } from './helpers/test-app.js';
import { bindScreen, createPlace, fastSimulator, waitFor } from './helpers/fixtures.js';
import { hashSecret } from '../src/lib/secrets.js';
import { sql } from '../src/db/helpers.js';

let seq = 0;
const uniq = () => `${Date.now() % 1_000_000}${++seq}`;

async function adminLogs(ctx: TestContext, userId: number) {
  const rows = await ctx.app.db
    .selectFrom('admin_logs')
    .select('action')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

async function createUser(ctx: TestContext, token: string, extra: Record<string, unknown> = {}) {
  const r = await call<LockerUser>(ctx.app, token, {
    method: 'POST',
    url: '/api/julian/user',
    payload: {
      id: 0,
      name: `Ana ${uniq()}`,
      login: 'ana',
      numberPrefix: 'PT',
      email: 'ana@cacifo.pt',
      nif: '123456789',
      obs: '',
      ...extra,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.Data;
}

describeEachDb(
  'office users',
  (ctx) => {
    it('creates, reads, updates and lists users with paging and filters, logging 10 and 11', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const number = `E${uniq()}`;
      const u = await createUser(ctx, token, { number, phone_number: '912345678', userType: 'intern' });
      expect(u).toMatchObject({
        enabled: 1,
        number,
        email: 'ana@cacifo.pt',
        phone_number: '912345678',
        userType: 'intern',
        status: 'active',
        card: null,
        pin: null,
        lockers: [],
        groups: [],
        schedules: [],
      });

      const got = await call<LockerUser>(ctx.app, token, { method: 'GET', url: `/api/julian/user/${u.id}` });
      expect(got.body.Data.id).toBe(u.id);

      const put = await call<LockerUser>(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: {
          updatedAt: await versionOf(ctx.app, 'locker_users', u.id),
          id: u.id,
          name: 'Ana Maria',
          login: 'ana',
          numberPrefix: 'PT',
          email: 'ANA.M@cacifo.pt',
          nif: '',
          obs: 'x',
          number,
        },
      });
      expect(put.status).toBe(200);
      expect(put.body.Data).toMatchObject({
        name: 'Ana Maria',
        email: 'ana.m@cacifo.pt',
        nif: null,
        obs: 'x',
      });
      // A user read back and sent again (with its card and masked PIN) is a fields update.
      const again = await call<LockerUser>(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { ...put.body.Data, obs: 'y' },
      });
      expect(again.status).toBe(200);
      expect(again.body.Data.obs).toBe('y');
      expect(await adminLogs(ctx, u.id)).toEqual([10, 11, 11]);

      for (let i = 0; i < 3; i++) await createUser(ctx, token, { name: `Zé Paging ${i}` });
      const page = await call<UsersReply>(ctx.app, token, {
        method: 'GET',
        url: '/api/julian/users?max_results=2&offset=0&search=paging',
      });
      expect(page.body.Data.totalUsers).toBe(3);
      expect(page.body.Data.users.map((x) => x.name)).toEqual(['Zé Paging 0', 'Zé Paging 1']);
      const next = await call<UsersReply>(ctx.app, token, {
        method: 'GET',
        url: '/api/julian/users?max_results=2&offset=2&search=paging',
      });
      expect(next.body.Data.users.map((x) => x.name)).toEqual(['Zé Paging 2']);
      const interns = await call<UsersReply>(ctx.app, token, {
        method: 'GET',
        url: '/api/julian/users?userType=intern',
      });
      expect(interns.body.Data.users.every((x) => x.userType === 'intern')).toBe(true);
      const bad = await call(ctx.app, token, { method: 'GET', url: '/api/julian/users?max_results=0' });
      expect(bad.status).toBe(400);
    });

    it('refuses bad input and duplicates, changing nothing', async () => {
      const { token } = await signIn(ctx.app, 'editor');
      const before = await ctx.app.db
        .selectFrom('locker_users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      for (const payload of [
        { name: '' },
        { name: 'X', email: 'not-an-email' },
        { name: 'X', phone_number: '12345' },
        { name: 'X', userType: 'boss' },
        { name: 'X', number: 'has space' },
      ]) {
        const r = await call(ctx.app, token, { method: 'POST', url: '/api/julian/user', payload });
        expect(r.status, JSON.stringify(payload)).toBe(400);
        expect(r.body.Description).toBe('invalidInput');
      }
      const number = `D${uniq()}`;
      await createUser(ctx, token, { number });
      const dup = await call(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/user',
        payload: { name: 'Outro', number },
      });
      expect(dup).toMatchObject({ status: 409, body: { ResultCode: 0, Description: 'userExists' } });
      const after = await ctx.app.db
        .selectFrom('locker_users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n) + 1);
      const missing = await call(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { updatedAt: 'x', id: 999999, name: 'X' },
      });
      expect(missing.status).toBe(404);
      expect((await call(ctx.app, token, { method: 'GET', url: '/api/julian/user/999999' })).status).toBe(
        404,
      );
    });

    it('sets and clears the card, unique, and logs 14', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const a = await createUser(ctx, token);
      const b = await createUser(ctx, token);
      const card = `AB${uniq()}`;
      const zero = await call(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: 0, card },
      });
      expect(zero.status).toBe(400);
      const badCard = await call(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: a.id, card: 'zz!' },
      });
      expect(badCard.status).toBe(400);
      const set = await call<LockerUser>(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: a.id, card: card.toLowerCase() },
      });
      expect(set.body.Data.card).toBe(card.toUpperCase());
      const taken = await call(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: b.id, card },
      });
      expect(taken).toMatchObject({ status: 409, body: { Description: 'cardAssigned' } });
      const cleared = await call<LockerUser>(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: a.id, card: '' },
      });
      expect(cleared.body.Data.card).toBeNull();
      expect(
        (
          await call(ctx.app, token, {
            method: 'PUT',
            url: '/api/julian/user',
            payload: { id: 999999, card },
          })
        ).status,
      ).toBe(404);
      expect(await adminLogs(ctx, a.id)).toEqual([10, 14, 14]);
    });

    it('sets the PIN (4 digits, unique, never shown) and logs 13', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const a = await createUser(ctx, token);
      const b = await createUser(ctx, token);
      expect(
        (
          await call(ctx.app, token, {
            method: 'PUT',
            url: '/api/julian/user',
            payload: { id: 0, pin: '1234' },
          })
        ).status,
      ).toBe(400);
      for (const pin of ['123', '12345', 'abcd']) {
        const r = await call(ctx.app, token, {
          method: 'PUT',
          url: '/api/julian/user',
          payload: { id: a.id, pin },
        });
        expect(r.status).toBe(400);
      }
      const pin = String(1000 + (Number(uniq()) % 9000));
      const ok = await call<LockerUser>(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: a.id, pin },
      });
      expect(ok.body.Data.pin).toBe('****');
      const raw = await ctx.app.db
        .selectFrom('locker_users')
        .select('pin_digest')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(raw.pin_digest).not.toContain(pin);
      const dup = await call(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: b.id, pin },
      });
      expect(dup).toMatchObject({ status: 409, body: { Description: 'L41' } });
      expect(await adminLogs(ctx, a.id)).toEqual([10, 13]);

      // Removing the PIN (issue #27): the kiosk no longer knows it, and someone else may take it.
      const removed = await call<LockerUser>(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: a.id, pin: null },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.Data.pin).toBeNull();
      const gone = await ctx.app.db
        .selectFrom('locker_users')
        .select('pin_digest')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(gone.pin_digest).toBeNull();
      const reused = await call<LockerUser>(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { id: b.id, pin },
      });
      expect(reused.status).toBe(200);
      expect(await adminLogs(ctx, a.id)).toEqual([10, 13, 13]);
    });

    it('enables, disables and deletes (12), refusing pending transactions', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const u = await createUser(ctx, token);
      const off = await call<LockerUser>(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/user/enabled',
        payload: { id: u.id, enabled: false },
      });
      expect(off.body.Data.enabled).toBe(0);
      const on = await call<LockerUser>(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/user/enabled',
        payload: { id: u.id, enabled: 1 },
      });
      expect(on.body.Data.enabled).toBe(1);
      expect(
        (
          await call(ctx.app, token, {
            method: 'POST',
            url: '/api/julian/user/enabled',
            payload: { id: u.id, enabled: 'yes' },
          })
        ).status,
      ).toBe(400);

      // The marketplace owns transactions and names the renter by phone: an open one blocks the delete.
      const phone = `93${String(Number(uniq()) % 10_000_000).padStart(7, '0')}`;
      await call(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/user',
        payload: { ...on.body.Data, phone_number: phone },
      });
      const table = (await ctx.app.db.introspection.getTables()).find((t) => t.name === 'transactions');
      if (!table) {
        await ctx.app.db.schema
          .createTable('transactions')
          .addColumn('phone', 'text')
          .addColumn('status', 'text')
          .execute();
      }
      const now0 = new Date().toISOString();
      const reference = `T${uniq()}`;
      const row = table?.columns.some((c) => c.name === 'kind')
        ? { kind: 'rental', reference, status: 'pending', phone, created_at: now0, updated_at: now0 }
        : { status: 'pending', phone };
      await ctx.app.db
        .insertInto('transactions' as never)
        .values(row as never)
        .execute();
      const refused = await call(ctx.app, token, { method: 'DELETE', url: `/api/julian/user/${u.id}` });
      expect(refused).toMatchObject({ status: 422, body: { Description: 'pendingTransactions' } });
      await sql`update transactions set status = 'paid' where phone = ${phone}`.execute(ctx.app.db);
      // An asset this user may retrieve shows on the user and its link goes with the user.
      const now = new Date().toISOString();
      const asset = await ctx.app.db
        .insertInto('assets')
        .values({
          name: 'Portátil 7',
          tag: `T${uniq()}`,
          created_at: now,
          updated_at: now,
          status_change_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.app.db
        .insertInto('asset_users')
        .values({ asset_id: asset.id, user_id: u.id, created_at: now })
        .execute();
      const withAsset = await call<LockerUser>(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/user/${u.id}`,
      });
      expect(withAsset.body.Data.assets).toEqual([{ id: asset.id, name: 'Portátil 7' }]);
      const del = await call(ctx.app, token, { method: 'DELETE', url: `/api/julian/user/${u.id}` });
      expect(del.status).toBe(200);
      expect((await call(ctx.app, token, { method: 'DELETE', url: `/api/julian/user/${u.id}` })).status).toBe(
        404,
      );
      expect(await adminLogs(ctx, u.id)).toEqual([10, 11, 11, 11, 12]);
      expect(
        await ctx.app.db.selectFrom('asset_users').selectAll().where('user_id', '=', u.id).execute(),
      ).toEqual([]);
    });

    it('lets only office roles in', async () => {
      const { token: courier } = await signIn(ctx.app, 'courier');
      const { token: store } = await signIn(ctx.app, 'store', { company: 'Loja' });
      const { token: screen } = await signIn(ctx.app, 'screen');
      const { token: admin } = await signIn(ctx.app, 'admin');
      for (const t of [courier, store, screen]) {
        expect((await call(ctx.app, t, { method: 'GET', url: '/api/julian/users' })).status).toBe(403);
        expect(
          (await call(ctx.app, t, { method: 'POST', url: '/api/julian/user', payload: { name: 'x' } }))
            .status,
        ).toBe(403);
      }
      expect((await call(ctx.app, null, { method: 'GET', url: '/api/julian/users' })).status).toBe(401);
      expect(
        (
          await call(ctx.app, admin, {
            method: 'POST',
            url: '/api/kiosk/office/open',
            payload: { placeId: 1, pin: '1234' },
          })
        ).status,
      ).toBe(403);
    });

    it('publishes RefreshUsers on user changes and disables users past validUntil', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const spy = vi.spyOn(ctx.app.realtime, 'publish');
      const u = await createUser(ctx, token, { validUntil: new Date(Date.now() - 1000).toISOString() });
      expect(spy).toHaveBeenCalledWith({ MsgType: 'RefreshUsers', Data: { userIds: [u.id] } });
      const { UsersService } = await import('../src/modules/office/users.service.js');
      const ids = await new UsersService(ctx.app).disableExpired();
      expect(ids).toContain(u.id);
      expect(await new UsersService(ctx.app).disableExpired()).not.toContain(u.id);
      const after = await call<LockerUser>(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/user/${u.id}`,
      });
      expect(after.body.Data.enabled).toBe(0);
      spy.mockRestore();
    });
  },
  { driver: () => fastSimulator(null) },
);

describeEachDb(
  'office groups, schedules, lockers and access',
  (ctx) => {
    it('manages groups and schedules and links them to users', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 4 });
      const u = await createUser(ctx, token);
      const g = await call<UserGroup>(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/userGroup',
        payload: { name: `Turno ${uniq()}`, lockerIds: [lockers[0]!.id] },
      });
      expect(g.status).toBe(200);
      expect(g.body.Data.lockers.map((l) => l.doorNumber)).toEqual([1]);
      const dupName = await call(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/userGroup',
        payload: { name: g.body.Data.name.toUpperCase() },
      });
      expect(dupName.status).toBe(409);
      const delivery = await createPlace(ctx.app, { type: 'DELIVERY', doors: 1 });
      const notOffice = await call(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/userGroup',
        payload: { name: 'Y', lockerIds: [delivery.lockers[0]!.id] },
      });
      expect(notOffice.status).toBe(404);

      const auth = await call(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/authorizeGroups?userId=${u.id}&userGroupIds=${g.body.Data.id}`,
      });
      expect(auth.status).toBe(200);
      const missing = await call(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/authorizeGroups?userId=${u.id}&userGroupIds=${g.body.Data.id},999999`,
      });
      expect(missing.status).toBe(404);
      expect(
        (
          await call(ctx.app, token, {
            method: 'GET',
            url: `/api/julian/authorizeGroups?userId=${u.id}&userGroupIds=a,b`,
          })
        ).status,
      ).toBe(400);

      const badSchedules = [
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
      for (const payload of badSchedules) {
        expect(
          (await call(ctx.app, token, { method: 'POST', url: '/api/julian/schedule', payload })).status,
        ).toBe(400);
      }
      const missingGroup = await call(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/schedule',
        payload: { name: 'S', startTime: '08:00', endTime: '10:00', weekdays: [1], userGroupId: 999999 },
      });
      expect(missingGroup.status).toBe(404);
      const s = await call<Schedule>(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/schedule',
        payload: {
          name: 'Noite',
          startTime: '22:00',
          endTime: '06:00',
          weekdays: [5, 1, 1],
          userGroupId: g.body.Data.id,
          placeId,
        },
      });
      expect(s.body.Data).toMatchObject({ weekdays: [1, 5], userGroupName: g.body.Data.name, placeId });
      const upd = await call<Schedule>(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/schedule',
        payload: { ...s.body.Data, name: 'Noite 2' },
      });
      expect(upd.body.Data.name).toBe('Noite 2');
      const add = await call(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/addSchedules?lockerUserId=${u.id}&scheduleIds=${s.body.Data.id}`,
      });
      expect(add.status).toBe(200);
      const withLinks = await call<LockerUser>(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/user/${u.id}`,
      });
      expect(withLinks.body.Data.groups.map((x) => x.id)).toEqual([g.body.Data.id]);
      expect(withLinks.body.Data.schedules.map((x) => x.name)).toEqual(['Noite 2']);
      const groups = await call<UserGroupsReply>(ctx.app, token, {
        method: 'GET',
        url: '/api/julian/userGroups',
      });
      expect(groups.body.Data.groups.find((x) => x.id === g.body.Data.id)?.users.map((x) => x.id)).toEqual([
        u.id,
      ]);

      await call(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/removeSchedules?lockerUserId=${u.id}&scheduleIds=${s.body.Data.id}`,
      });
      await call(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/unauthorizeGroups?userId=${u.id}&userGroupIds=${g.body.Data.id}`,
      });
      const unlinked = await call<LockerUser>(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/user/${u.id}`,
      });
      expect(unlinked.body.Data).toMatchObject({ groups: [], schedules: [] });
      expect(
        (await call(ctx.app, token, { method: 'DELETE', url: `/api/julian/schedule/${s.body.Data.id}` }))
          .status,
      ).toBe(200);
      expect(
        (await call(ctx.app, token, { method: 'DELETE', url: `/api/julian/userGroup/${g.body.Data.id}` }))
          .status,
      ).toBe(200);
      const logs = await ctx.app.db
        .selectFrom('admin_logs')
        .select('action')
        .where('action', 'in', [40, 41, 42])
        .execute();
      expect(logs.map((l) => l.action).sort()).toEqual([40, 41, 42]);
    });

    it('kiosk: card or PIN opens the user locker within schedule, refuses outside, records each try', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const screen = await signIn(ctx.app, 'screen');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 3 });
      await bindScreen(ctx.app, screen.id, placeId);
      const u = await createUser(ctx, token);
      const card = `CA${uniq()}`;
      const pin = String(1000 + ((Number(uniq()) * 7) % 9000));
      await call(ctx.app, token, { method: 'PUT', url: '/api/julian/user', payload: { id: u.id, card } });
      await call(ctx.app, token, { method: 'PUT', url: '/api/julian/user', payload: { id: u.id, pin } });
      const kiosk = (payload: Record<string, unknown>) =>
        call(ctx.app, screen.token, { method: 'POST', url: '/api/kiosk/office/open', payload });

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

      const assign = await call(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/addLockers',
        payload: { userId: u.id, lockerIds: [lockers[1]!.id] },
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
      const s = await call<Schedule>(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/schedule',
        payload: { name: 'Outro dia', startTime: '00:00', endTime: '00:00', weekdays: notToday },
      });
      await call(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/addSchedules?lockerUserId=${u.id}&scheduleIds=${s.body.Data.id}`,
      });
      expect(await kiosk({ placeId, pin })).toMatchObject({
        status: 403,
        body: { Data: { reason: 'outsideSchedule' } },
      });
      const check = await call(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/office/accessCheck?userId=${u.id}&placeId=${placeId}`,
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
      await call(ctx.app, token, {
        method: 'PUT',
        url: '/api/julian/schedule',
        payload: { ...s.body.Data, weekdays: [today] },
      });
      const byPin = await kiosk({ placeId, pin, lockerId: lockers[1]!.id });
      expect(byPin.status).toBe(200);
      expect((await kiosk({ placeId, pin, lockerId: lockers[0]!.id })).body.Data).toEqual({
        reason: 'lockerNotAllowed',
      });

      await call(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/user/enabled',
        payload: { id: u.id, enabled: 0 },
      });
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
      const kpis = await call<UserKpis>(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/dashboard/user/${u.id}`,
      });
      expect(kpis.body.Data.doorOpenings).toEqual({ last1Year: 2, last30Days: 2, last15Days: 2, total: 2 });
      expect(kpis.body.Data.timeSpentWithDoorOpen.last30Days).toBeGreaterThanOrEqual(0);
      expect(kpis.body.Data.reports).toHaveLength(30);
      expect(kpis.body.Data.reports.at(-1)!.openings).toBe(2);
      expect(kpis.body.Data.recentActions[0]).toMatchObject({ doorNumber: 2 });
      const activity = await call<{ totalEvents: number }>(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/office/activity?userId=${u.id}`,
      });
      expect(activity.body.Data.totalEvents).toBeGreaterThanOrEqual(2);
      const denied = await call<{ totalEvents: number }>(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/office/activity?kind=access&userId=${u.id}`,
      });
      expect(denied.body.Data.totalEvents).toBe(6);
      const dash = await call(ctx.app, token, { method: 'GET', url: '/api/julian/dashboard/office' });
      expect(dash.body.Data).toMatchObject({ openings: { today: expect.any(Number) as number } });
    });

    it('a failed door answers doorOpenFailed and is recorded', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const screen = await signIn(ctx.app, 'screen');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
      await bindScreen(ctx.app, screen.id, placeId);
      const u = await createUser(ctx, token);
      const card = `DE${uniq()}`;
      await call(ctx.app, token, { method: 'PUT', url: '/api/julian/user', payload: { id: u.id, card } });
      await call(ctx.app, token, {
        method: 'POST',
        url: '/api/julian/addLockers',
        payload: { userId: u.id, lockerIds: [lockers[0]!.id] },
      });
      ctx.app.devices.simulator!.simulator(placeId)!.setFault('jam', 1);
      const r = await call(ctx.app, screen.token, {
        method: 'POST',
        url: '/api/kiosk/office/open',
        payload: { placeId, card },
      });
      expect(r).toMatchObject({ status: 409, body: { Description: 'doorJammed', Data: { ok: false } } });
      const row = await ctx.app.db
        .selectFrom('office_access_log')
        .select(['granted', 'outcome'])
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(row.granted).toBe(1);
      expect(row.outcome).not.toBe('opened');
    });

    it('every call refuses ids that do not exist and malformed input, changing nothing', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 1 });
      const u = await createUser(ctx, token);
      const logsBefore = await ctx.app.db
        .selectFrom('admin_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const cases: Array<[string, string, unknown, number]> = [
        ['GET', '/api/julian/dashboard/user/999999', undefined, 404],
        ['GET', '/api/julian/userGroup/999999', undefined, 404],
        ['PUT', '/api/julian/userGroup', { id: 999999, name: 'X', updatedAt: 'x' }, 404],
        ['DELETE', '/api/julian/userGroup/999999', undefined, 404],
        ['POST', '/api/julian/userGroup', { name: '' }, 400],
        ['GET', '/api/julian/schedule/999999', undefined, 404],
        [
          'PUT',
          '/api/julian/schedule',
          { id: 999999, name: 'X', startTime: '08:00', endTime: '09:00', weekdays: [1], updatedAt: 'x' },
          404,
        ],
        ['DELETE', '/api/julian/schedule/999999', undefined, 404],
        [
          'POST',
          '/api/julian/schedule',
          { name: 'X', startTime: '08:00', endTime: '09:00', weekdays: [1], placeId: 999999 },
          404,
        ],
        ['GET', `/api/julian/addSchedules?lockerUserId=999999&scheduleIds=1`, undefined, 404],
        ['GET', `/api/julian/addSchedules?lockerUserId=${u.id}&scheduleIds=999999`, undefined, 404],
        ['GET', `/api/julian/addSchedules?lockerUserId=${u.id}`, undefined, 400],
        ['GET', `/api/julian/unauthorizeGroups?userId=999999&userGroupIds=1`, undefined, 404],
        ['POST', '/api/julian/addLockers', { userId: 999999, lockerIds: [lockers[0]!.id] }, 404],
        ['POST', '/api/julian/addLockers', { userId: u.id, lockerIds: [999999] }, 404],
        ['POST', '/api/julian/addLockers', { userId: u.id, lockerIds: [] }, 400],
        ['POST', '/api/julian/removeLockers', { userId: u.id, lockerIds: ['a'] }, 400],
        ['POST', '/api/julian/user/enabled', { id: 999999, enabled: 1 }, 404],
        ['POST', '/api/julian/office/extendLocker', { lockerId: 999999, hours: 1 }, 404],
        ['POST', '/api/julian/office/releaseLocker', { lockerId: lockers[0]!.id, pin: '1234' }, 422],
        ['POST', '/api/julian/office/releaseLocker', { lockerId: lockers[0]!.id, pin: '12' }, 400],
        ['GET', `/api/julian/office/accessCheck?userId=999999&placeId=${placeId}`, undefined, 404],
        [
          'GET',
          `/api/julian/office/accessCheck?userId=${u.id}&placeId=${placeId}&at=yesterday`,
          undefined,
          400,
        ],
        ['GET', '/api/julian/office/activity?dateRange=2026-02-01|2026-01-01', undefined, 400],
        ['GET', '/api/julian/office/activity?kind=other', undefined, 400],
        ['GET', '/api/julian/users?sort=password', undefined, 400],
      ];
      for (const [method, url, payload, status] of cases) {
        const r = await call(ctx.app, token, {
          method: method as 'GET',
          url,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(r.status, `${method} ${url}`).toBe(status);
        expect(r.body.ResultCode).toBe(0);
      }
      const logsAfter = await ctx.app.db
        .selectFrom('admin_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(logsAfter.n)).toBe(Number(logsBefore.n));
      const still = await call<LockerUser>(ctx.app, token, {
        method: 'GET',
        url: `/api/julian/user/${u.id}`,
      });
      expect(still.body.Data).toMatchObject({ lockers: [], groups: [], schedules: [] });
    });

    it('lists expired office lockers, extends them and releases them with the admin PIN', async () => {
      const admin = await signIn(ctx.app, 'admin');
      await ctx.app.db
        .updateTable('admins')
        .set({ pin_hash: await hashSecret('4321') })
        .where('id', '=', admin.id)
        .execute();
      const { lockers } = await createPlace(ctx.app, { doors: 2 });
      const u = await createUser(ctx, admin.token);
      const past = new Date(Date.now() - 3_600_000).toISOString();
      await call(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/julian/addLockers',
        payload: { userId: u.id, lockerIds: [lockers[0]!.id], expiresAt: past },
      });
      const list = async () =>
        (
          await call<OfficeLocker[]>(ctx.app, admin.token, {
            method: 'GET',
            url: '/api/julian/office/expiredLockers',
          })
        ).body.Data;
      expect((await list()).map((l) => l.id)).toContain(lockers[0]!.id);

      for (const payload of [
        { lockerId: lockers[0]!.id, hours: 6 },
        { lockerId: lockers[0]!.id, minutes: 0 },
        { lockerId: lockers[0]!.id },
      ]) {
        expect(
          (
            await call(ctx.app, admin.token, {
              method: 'POST',
              url: '/api/julian/office/extendLocker',
              payload,
            })
          ).status,
        ).toBe(400);
      }
      const free = await call(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/julian/office/extendLocker',
        payload: { lockerId: lockers[1]!.id, hours: 1 },
      });
      expect(free.status).toBe(422);
      const ext = await call<OfficeLocker>(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/julian/office/extendLocker',
        payload: { lockerId: lockers[0]!.id, hours: 2 },
      });
      expect(Date.parse(ext.body.Data.expiration_date_time!)).toBeGreaterThan(Date.now() + 7_000_000);
      expect((await list()).map((l) => l.id)).not.toContain(lockers[0]!.id);
      const setExpiry = (at: string) =>
        ctx.app.db
          .updateTable('lockers')
          .set({ expiration_date_time: at })
          .where('id', '=', lockers[0]!.id)
          .execute();
      const untilEndOfToday = () =>
        call<OfficeLocker>(ctx.app, admin.token, {
          method: 'POST',
          url: '/api/julian/office/extendLocker',
          payload: { lockerId: lockers[0]!.id, untilEndOfToday: true },
        });
      // "Until the end of today" never shortens a reservation that ends later (issue #33)...
      const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
      await setExpiry(later);
      const kept = await untilEndOfToday();
      expect(kept.status).toBe(200);
      expect(kept.body.Data.expiration_date_time).toBe(later);
      // ...and takes an expired one to 23:59:59 local time, ahead of now.
      await setExpiry(past);
      const eod = await untilEndOfToday();
      expect(eod.body.Data.expiration_date_time).toMatch(/:59:59\.000Z$/);
      expect(Date.parse(eod.body.Data.expiration_date_time!)).toBeGreaterThan(Date.now());

      const wrong = await call(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/julian/office/releaseLocker',
        payload: { lockerId: lockers[0]!.id, pin: '0000' },
      });
      expect(wrong).toMatchObject({ status: 422, body: { Description: 'wrongPin' } });
      const rel = await call<OfficeLocker>(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/julian/office/releaseLocker',
        payload: { lockerId: lockers[0]!.id, pin: '4321' },
      });
      expect(rel.body.Data).toMatchObject({ locker_users: [], expiration_date_time: null });
      const all = await call<OfficeLocker[]>(ctx.app, admin.token, {
        method: 'GET',
        url: '/api/julian/lockers',
      });
      expect(all.body.Data.find((l) => l.id === lockers[0]!.id)?.locker_users).toEqual([]);
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
      const r = await call(ctx.app, token, { method: 'GET', url: '/api/julian/users' });
      expect(r.body.Description).toBe('moduleDisabled');
      const k = await call(ctx.app, screen.token, {
        method: 'POST',
        url: '/api/kiosk/office/open',
        payload: { pin: '1234' },
      });
      expect(k).toMatchObject({ status: 404, body: { Description: 'moduleDisabled' } });
    });
  },
  { env: { MODULES: 'delivery' }, driver: () => fastSimulator(null) },
);
