import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, fastSimulator } from './helpers/fixtures.js';
import { createUser } from './helpers/office-fixtures.js';
import { hashSecret } from '../src/lib/secrets.js';

describeEachDb(
  'office expired lockers',
  (ctx) => {
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
      await callApi(ctx.app, admin.token, API.office.addLockers, {
        body: { userId: u.id, lockerIds: [lockers[0]!.id], expiresAt: past },
      });
      const list = async () => (await callApi(ctx.app, admin.token, API.office.expiredLockers, {})).body.Data;
      expect((await list()).map((l) => l.id)).toContain(lockers[0]!.id);

      for (const payload of [
        { lockerId: lockers[0]!.id, hours: 6 },
        { lockerId: lockers[0]!.id, minutes: 0 },
        { lockerId: lockers[0]!.id },
      ]) {
        // Refused input, sent as it is: an extension without hours, minutes or end of day is past the types.
        const refused = await call(ctx.app, admin.token, {
          method: 'POST',
          url: API.office.extendLocker.path,
          payload,
        });
        expect(refused.status).toBe(400);
      }
      const extend = (hours: number, lockerId = lockers[0]!.id) =>
        callApi(ctx.app, admin.token, API.office.extendLocker, { body: { lockerId, hours } });
      const free = await extend(1, lockers[1]!.id);
      expect(free.status).toBe(422);
      const ext = await extend(2);
      expect(Date.parse(ext.body.Data.expiration_date_time!)).toBeGreaterThan(Date.now() + 7_000_000);
      expect((await list()).map((l) => l.id)).not.toContain(lockers[0]!.id);
      const setExpiry = (at: string) =>
        ctx.app.db
          .updateTable('lockers')
          .set({ expiration_date_time: at })
          .where('id', '=', lockers[0]!.id)
          .execute();
      const untilEndOfToday = () =>
        callApi(ctx.app, admin.token, API.office.extendLocker, {
          body: { lockerId: lockers[0]!.id, untilEndOfToday: true },
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

      const release = (pin: string) =>
        callApi(ctx.app, admin.token, API.office.releaseLocker, { body: { lockerId: lockers[0]!.id, pin } });
      const wrong = await release('0000');
      expect(wrong).toMatchObject({ status: 422, body: { Description: 'wrongPin' } });
      const rel = await release('4321');
      expect(rel.body.Data).toMatchObject({ locker_users: [], expiration_date_time: null });
      const all = await callApi(ctx.app, admin.token, API.office.lockers, {});
      expect(all.body.Data.find((l) => l.id === lockers[0]!.id)?.locker_users).toEqual([]);
    });
  },
  { driver: () => fastSimulator(null) },
);
