import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { fastSimulator } from './helpers/fixtures.js';
import { adminLogs, createUser, uniq } from './helpers/office-fixtures.js';

/** A locker user's card and PIN: what the office kiosk knows them by. */
describeEachDb(
  'office user cards and PINs',
  (ctx) => {
    it('sets and clears the card, unique, and logs 14', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const a = await createUser(ctx, token);
      const b = await createUser(ctx, token);
      const card = `AB${uniq()}`;
      const setCard = (id: number, value: string) =>
        callApi(ctx.app, token, API.office.updateUser, { body: { id, card: value } });
      const zero = await setCard(0, card);
      expect(zero.status).toBe(400);
      const badCard = await setCard(a.id, 'zz!');
      expect(badCard.status).toBe(400);
      const set = await setCard(a.id, card.toLowerCase());
      expect(set.body.Data.card).toBe(card.toUpperCase());
      const taken = await setCard(b.id, card);
      expect(taken).toMatchObject({ status: 409, body: { Description: 'cardAssigned' } });
      const cleared = await setCard(a.id, '');
      expect(cleared.body.Data.card).toBeNull();
      expect((await setCard(999999, card)).status).toBe(404);
      expect(await adminLogs(ctx, a.id)).toEqual([10, 14, 14]);
    });

    it('sets the PIN (4 digits, unique, never shown) and logs 13', async () => {
      const { token } = await signIn(ctx.app, 'admin');
      const a = await createUser(ctx, token);
      const b = await createUser(ctx, token);
      const setPin = (id: number, value: string | null) =>
        callApi(ctx.app, token, API.office.updateUser, { body: { id, pin: value } });
      expect((await setPin(0, '1234')).status).toBe(400);
      for (const pin of ['123', '12345', 'abcd']) {
        const r = await setPin(a.id, pin);
        expect(r.status).toBe(400);
      }
      const pin = String(1000 + (Number(uniq()) % 9000));
      const ok = await setPin(a.id, pin);
      expect(ok.body.Data.pin).toBe('****');
      const raw = await ctx.app.db
        .selectFrom('locker_users')
        .select('pin_digest')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(raw.pin_digest).not.toContain(pin);
      const dup = await setPin(b.id, pin);
      expect(dup).toMatchObject({ status: 409, body: { Description: 'L41' } });
      expect(await adminLogs(ctx, a.id)).toEqual([10, 13]);

      // Removing the PIN (issue #27): the kiosk no longer knows it, and someone else may take it.
      const removed = await setPin(a.id, null);
      expect(removed.status).toBe(200);
      expect(removed.body.Data.pin).toBeNull();
      const gone = await ctx.app.db
        .selectFrom('locker_users')
        .select('pin_digest')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(gone.pin_digest).toBeNull();
      const reused = await setPin(b.id, pin);
      expect(reused.status).toBe(200);
      expect(await adminLogs(ctx, a.id)).toEqual([10, 13, 13]);
    });
  },
  { driver: () => fastSimulator(null) },
);
