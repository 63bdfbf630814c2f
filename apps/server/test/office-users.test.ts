import { versionOf } from './helpers/versions.js';
import { expect, it, vi } from 'vitest';
import { API } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { fastSimulator } from './helpers/fixtures.js';
import { adminLogs, createUser, uniq } from './helpers/office-fixtures.js';
import { sql } from '../src/db/helpers.js';

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

      const got = await callApi(ctx.app, token, API.office.user, { params: { id: u.id } });
      expect(got.body.Data.id).toBe(u.id);

      const put = await callApi(ctx.app, token, API.office.updateUser, {
        body: {
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
      const again = await callApi(ctx.app, token, API.office.updateUser, {
        body: { ...put.body.Data, obs: 'y' },
      });
      expect(again.status).toBe(200);
      expect(again.body.Data.obs).toBe('y');
      expect(await adminLogs(ctx, u.id)).toEqual([10, 11, 11]);

      for (let i = 0; i < 3; i++) await createUser(ctx, token, { name: `Zé Paging ${i}` });
      const page = await callApi(ctx.app, token, API.office.users, {
        query: { max_results: 2, offset: 0, search: 'paging' },
      });
      expect(page.body.Data.totalUsers).toBe(3);
      expect(page.body.Data.users.map((x) => x.name)).toEqual(['Zé Paging 0', 'Zé Paging 1']);
      const next = await callApi(ctx.app, token, API.office.users, {
        query: { max_results: 2, offset: 2, search: 'paging' },
      });
      expect(next.body.Data.users.map((x) => x.name)).toEqual(['Zé Paging 2']);
      const interns = await callApi(ctx.app, token, API.office.users, { query: { userType: 'intern' } });
      expect(interns.body.Data.users.every((x) => x.userType === 'intern')).toBe(true);
      const bad = await callApi(ctx.app, token, API.office.users, { query: { max_results: 0 } });
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
        // Refused input, sent as it is: a user type that is none ('boss') is past the types.
        const r = await call(ctx.app, token, { method: 'POST', url: API.office.createUser.path, payload });
        expect(r.status, JSON.stringify(payload)).toBe(400);
        expect(r.body.Description).toBe('invalidInput');
      }
      const number = `D${uniq()}`;
      await createUser(ctx, token, { number });
      const dup = await callApi(ctx.app, token, API.office.createUser, { body: { name: 'Outro', number } });
      expect(dup).toMatchObject({ status: 409, body: { ResultCode: 0, Description: 'userExists' } });
      const after = await ctx.app.db
        .selectFrom('locker_users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n) + 1);
      const missing = await callApi(ctx.app, token, API.office.updateUser, {
        body: { updatedAt: 'x', id: 999999, name: 'X' },
      });
      expect(missing.status).toBe(404);
      expect((await callApi(ctx.app, token, API.office.user, { params: { id: 999999 } })).status).toBe(404);
    });

    it('enables, disables and deletes (12), refusing pending transactions', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const u = await createUser(ctx, token);
      const off = await callApi(ctx.app, token, API.office.setUserEnabled, {
        body: { id: u.id, enabled: false },
      });
      expect(off.body.Data.enabled).toBe(0);
      const on = await callApi(ctx.app, token, API.office.setUserEnabled, { body: { id: u.id, enabled: 1 } });
      expect(on.body.Data.enabled).toBe(1);
      // A text where the flag goes is past the types: sent as it is.
      const notFlag = await call(ctx.app, token, {
        method: 'POST',
        url: API.office.setUserEnabled.path,
        payload: { id: u.id, enabled: 'yes' },
      });
      expect(notFlag.status).toBe(400);

      // The marketplace owns transactions and names the renter by phone: an open one blocks the delete.
      const phone = `93${String(Number(uniq()) % 10_000_000).padStart(7, '0')}`;
      await callApi(ctx.app, token, API.office.updateUser, {
        body: { ...on.body.Data, phone_number: phone },
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
      const remove = () => callApi(ctx.app, token, API.office.deleteUser, { params: { id: u.id } });
      const refused = await remove();
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
      const withAsset = await callApi(ctx.app, token, API.office.user, { params: { id: u.id } });
      expect(withAsset.body.Data.assets).toEqual([{ id: asset.id, name: 'Portátil 7' }]);
      const del = await remove();
      expect(del.status).toBe(200);
      expect((await remove()).status).toBe(404);
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
        expect((await callApi(ctx.app, t, API.office.users, {})).status).toBe(403);
        expect((await callApi(ctx.app, t, API.office.createUser, { body: { name: 'x' } })).status).toBe(403);
      }
      expect((await callApi(ctx.app, null, API.office.users, {})).status).toBe(401);
      expect(
        (await callApi(ctx.app, admin, API.office.kioskOpen, { body: { placeId: 1, pin: '1234' } })).status,
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
      const after = await callApi(ctx.app, token, API.office.user, { params: { id: u.id } });
      expect(after.body.Data.enabled).toBe(0);
      spy.mockRestore();
    });
  },
  { driver: () => fastSimulator(null) },
);
