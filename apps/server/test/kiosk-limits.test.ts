import { beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint, type InputOf } from '@cacifo/contract';
import type { KioskCaller } from '../src/lib/account.js';
import {
  holdAfter,
  INPUT_BACKOFF,
  KioskGuard,
  SCREEN_BACKOFF,
} from '../src/modules/rate-limits/kiosk-guard.js';
import { SimulatorDriver } from '../src/devices/simulator-driver.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';
import { depositOrder, lastPickupCode } from './helpers/order-fixtures.js';

type Wait = { retryAfter: number; minutes: number };
let seq = 0;
const uniq = () => `${Date.now() % 100_000}${++seq}`;

/**
 * Wrong codes at a kiosk count per credential, not per screen (issue #33, docs/adr/0130): ten wrong
 * codes leave the next person's right code working, the same wrong code again waits longer each
 * time, and only a flood holds a screen back, briefly, for that kind of code alone.
 */
describeEachDb(
  'kiosk attempt limits per credential',
  (ctx) => {
    let admin: Awaited<ReturnType<typeof signIn>>;
    beforeAll(async () => {
      admin = await signIn(ctx.app, 'admin');
    });
    const post = <E extends Endpoint>(token: string, endpoint: E, input: CallInput<E>) =>
      callApi(ctx.app, token, endpoint, input);

    /** A screen of its own installed at a new wall of `type`. */
    async function wall(type: 'DELIVERY' | 'OFFICE') {
      const screen = await signIn(ctx.app, 'screen');
      const place = await createPlace(ctx.app, { type, doors: 6 });
      await bindScreen(ctx.app, screen.id, place.placeId);
      return { screen, ...place };
    }

    /** An office locker user with a card, a PIN and a locker at the place. */
    async function employee(lockerId: number) {
      const u = await post(admin.token, API.office.createUser, { body: { name: `Pessoa ${uniq()}` } });
      const card = `CD${uniq()}`;
      const pin = String(1000 + ((Number(uniq()) * 13) % 9000));
      const put = (body: InputOf<typeof API.office.updateUser.body>) =>
        callApi(ctx.app, admin.token, API.office.updateUser, { body });
      expect((await put({ id: u.body.Data.id, card })).status).toBe(200);
      expect((await put({ id: u.body.Data.id, pin })).status).toBe(200);
      const assigned = await post(admin.token, API.office.addLockers, {
        body: {
          userId: u.body.Data.id,
          lockerIds: [lockerId],
        },
      });
      expect(assigned.status).toBe(200);
      return { id: u.body.Data.id, card, pin };
    }

    /** `n` different wrong 4-digit PINs, none of them `except`. */
    const wrongPins = (n: number, except: string) =>
      Array.from({ length: n + 1 }, (_, i) => String(9000 + i))
        .filter((p) => p !== except)
        .slice(0, n);

    it('delivery wall: ten wrong codes, then the next person’s right code opens their door', async () => {
      const w = await wall('DELIVERY');
      const stored = await depositOrder(ctx.app, admin.token, w.placeId, 'M');
      const { pin } = await lastPickupCode(ctx.app, stored.id);
      for (let i = 0; i < 10; i++) {
        const wrong = String(100000 + i) === pin ? '199999' : String(100000 + i);
        const r = await post(w.screen.token, API.orders.kioskPickup, {
          body: { placeId: w.placeId, pin: wrong },
        });
        expect([r.status, r.body.Description]).toEqual([422, 'wrongPin']);
      }
      const opened = await post(w.screen.token, API.orders.kioskPickup, {
        body: {
          placeId: w.placeId,
          pin,
        },
      });
      expect(opened.status).toBe(200);
      expect(opened.body.Data.doorNumber).toBe(stored.assignedLocker!.doorNumber);
    });

    it('delivery wall: the same wrong code again waits, growing; someone else’s code does not', async () => {
      const w = await wall('DELIVERY');
      const stored = await depositOrder(ctx.app, admin.token, w.placeId, 'S');
      const { pin } = await lastPickupCode(ctx.app, stored.id);
      const wrong = pin === '123456' ? '654321' : '123456';
      const typed = async (code: string) =>
        post(w.screen.token, API.orders.kioskPickup, { body: { placeId: w.placeId, pin: code } });
      // Twice is a slip; the third time it is held back 15 s.
      for (let i = 0; i < 3; i++) expect((await typed(wrong)).body.Description).toBe('wrongPin');
      const held = await typed(wrong);
      expect([held.status, held.body.Description]).toEqual([429, 'tooManyAttempts']);
      expect((held.body.Data as unknown as Wait).retryAfter).toBeGreaterThan(0);
      expect((held.body.Data as unknown as Wait).retryAfter).toBeLessThanOrEqual(15);
      expect(held.raw.headers['retry-after']).toBe(String((held.body.Data as unknown as Wait).retryAfter));
      // The recipient standing next in line types theirs: it opens at once.
      expect((await typed(pin)).status).toBe(200);
    });

    it('delivery wall: a flood holds the screen’s codes back briefly, a QR still opens', async () => {
      const w = await wall('DELIVERY');
      const stored = await depositOrder(ctx.app, admin.token, w.placeId, 'L');
      const { pin, qr } = await lastPickupCode(ctx.app, stored.id);
      for (let i = 0; i < 11; i++) {
        const code = String(200000 + i) === pin ? '299999' : String(200000 + i);
        const r = await post(w.screen.token, API.orders.kioskPickup, {
          body: { placeId: w.placeId, pin: code },
        });
        expect(r.body.Description).toBe('wrongPin');
      }
      const held = await post(w.screen.token, API.orders.kioskPickup, { body: { placeId: w.placeId, pin } });
      expect([held.status, held.body.Description]).toEqual([429, 'tooManyAttempts']);
      // Brief: the first hold after the free ten is five seconds.
      expect((held.body.Data as unknown as Wait).retryAfter).toBeLessThanOrEqual(5);
      // The QR is another kind of code, with its own counts: the parcel opens.
      const byQr = await post(w.screen.token, API.orders.kioskPickup, {
        body: {
          placeId: w.placeId,
          qrCode: qr,
        },
      });
      expect(byQr.status).toBe(200);
    });

    it('office wall: ten wrong PINs, then the next person’s PIN opens their locker', async () => {
      const w = await wall('OFFICE');
      const person = await employee(w.lockers[2]!.id);
      for (const wrong of wrongPins(10, person.pin)) {
        const r = await post(w.screen.token, API.office.kioskOpen, {
          body: { placeId: w.placeId, pin: wrong },
        });
        expect(r.body).toMatchObject({ Description: 'accessDenied', Data: { reason: 'unknownCredential' } });
      }
      const opened = await post(w.screen.token, API.office.kioskOpen, {
        body: {
          placeId: w.placeId,
          pin: person.pin,
        },
      });
      expect(opened.status).toBe(200);
      expect(opened.body.Data).toMatchObject({ userId: person.id, doorNumber: 3 });
    });

    it('office wall: a PIN flood holds PINs back briefly; a known card still opens', async () => {
      const w = await wall('OFFICE');
      const person = await employee(w.lockers[0]!.id);
      for (const wrong of wrongPins(11, person.pin)) {
        const r = await post(w.screen.token, API.office.kioskOpen, {
          body: { placeId: w.placeId, pin: wrong },
        });
        expect(r.body.Description).toBe('accessDenied');
      }
      const held = await post(w.screen.token, API.office.kioskOpen, {
        body: {
          placeId: w.placeId,
          pin: person.pin,
        },
      });
      expect([held.status, held.body.Description]).toEqual([429, 'tooManyAttempts']);
      expect((held.body.Data as unknown as Wait).retryAfter).toBeLessThanOrEqual(5);
      const byCard = await post(w.screen.token, API.office.kioskOpen, {
        body: {
          placeId: w.placeId,
          card: person.card,
        },
      });
      expect(byCard.status).toBe(200);
      expect(byCard.body.Data.userId).toBe(person.id);
    });

    it('holds grow from the first one past the free failures and stop at their cap', () => {
      expect([10, 11, 12, 13].map((n) => holdAfter(SCREEN_BACKOFF, n))).toEqual([0, 5000, 10_000, 20_000]);
      expect(holdAfter(SCREEN_BACKOFF, 40)).toBe(120_000);
      expect([2, 3, 4].map((n) => holdAfter(INPUT_BACKOFF, n))).toEqual([0, 15_000, 30_000]);
      expect(holdAfter(INPUT_BACKOFF, 99)).toBe(300_000);
    });

    it('a hold ends by itself; a right code gives its hold back; counts are per screen', async () => {
      const w = await wall('DELIVERY');
      let now = Date.parse('2030-01-01T10:00:00Z');
      const guard = new KioskGuard(ctx.app.db, () => now);
      const screen = {
        id: w.screen.id,
        place: { id: w.placeId, name: 'x', type: 'DELIVERY' },
      } as KioskCaller;
      const other = { ...screen, id: w.screen.id + 100_000 } as KioskCaller;
      for (let i = 0; i < 10; i++) await guard.begin(screen, 'pickupCode', `x${i}`);
      // The 11th is counted and earns a 5 s hold before it is looked at...
      const eleventh = await guard.begin(screen, 'pickupCode', 'right');
      await expect(guard.begin(screen, 'pickupCode', 'y')).rejects.toMatchObject({ code: 'tooManyAttempts' });
      // ...but another screen at the wall is not held,
      await guard.begin(other, 'pickupCode', 'z');
      // and the 11th turning out right takes its hold back.
      await eleventh.succeeded();
      const twelfth = await guard.begin(screen, 'pickupCode', 'w');
      await expect(guard.begin(screen, 'pickupCode', 'v')).rejects.toMatchObject({
        code: 'tooManyAttempts',
        data: { retryAfter: 5 },
      });
      expect(twelfth).toBeTruthy();
      now += 5_000;
      await guard.begin(screen, 'pickupCode', 'v');
      // The window over, counts start again; pruning forgets what no longer counts.
      now += 61 * 60_000;
      await guard.prune();
      const left = await ctx.app.db
        .selectFrom('kiosk_attempts')
        .select('key')
        .where('key', 'like', `kiosk:pickupCode:screen:${w.screen.id}`)
        .execute();
      expect(left).toEqual([]);
    });
  },
  // Doors open fast; controllers are not thought offline when a loaded machine delays a heartbeat
  // (this file is about codes, not devices).
  {
    driver: () =>
      new SimulatorDriver({
        timing: { ackTimeoutMs: 3000, resultTimeoutMs: 5000, offlineAfterMs: 10_000 },
        simulator: { openLatencyMs: 10, autoCloseMs: null, heartbeatIntervalMs: 100 },
      }),
  },
);
