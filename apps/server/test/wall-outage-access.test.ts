import { afterAll, describe, expect, it } from 'vitest';
import { API, ASSET_LOG_ACTION, ASSET_STATUS, DOOR_STATUS, ORDER_STATE } from '@cacifo/contract';
import { testDialects } from './helpers/test-db.js';
import { until } from './helpers/server-process.js';
import { startSmsReceiver } from './helpers/message-peers.js';
import { WallWorld, type LocalWall } from './helpers/wall-processes.js';

let n = 0;
const uniq = () => `${Date.now() % 1_000_000}${++n}`;

/**
 * Issue #32, "Done when", beyond the pickup (wall-outage.test.ts): the built server and the
 * simulator as processes on the real Mosquitto; with the server stopped, a courier's deposit, an
 * office user's card and an asset retrieval happen at the wall alone; started again, the server
 * learns each from the journal at the wall's time, with what follows.
 */
describe.each(testDialects())(
  'the wall works alone for couriers, office users and assets [%s]',
  (dialect) => {
    const world = new WallWorld(dialect);
    const sms = startSmsReceiver();
    afterAll(async () => {
      await world.close();
      await (await sms).close();
    });

    /** Kills the server, does `act` at the wall, starts the server again; the wall's times around `act`. */
    async function apart<T>(wall: LocalWall, entries: number, act: () => Promise<T>) {
      await world.killServer();
      await until(async () => !(await wall.status()).serverReachable, 15_000);
      const from = Date.now();
      const result = await act();
      const to = Date.now();
      await until(async () => (await wall.status()).journalPending >= entries, 15_000);
      await world.startServer();
      return { result, from, to, restarted: Date.now() };
    }
    const within = (iso: string, w: { from: number; to: number }) => {
      expect(Date.parse(iso)).toBeGreaterThanOrEqual(w.from - 1000);
      expect(Date.parse(iso)).toBeLessThanOrEqual(w.to + 1000);
    };
    async function officeUser(name: string) {
      const card = `CA${uniq()}`;
      const u = await world.api(API.office.createUser, {
        body: { id: 0, name, login: `${name.toLowerCase()}${uniq()}`, numberPrefix: 'PT', obs: '' },
      });
      await world.api(API.office.updateUser, { body: { id: u.data.id, card } });
      return { id: u.data.id, card };
    }
    const lockerAt = (placeId: number, door: number) =>
      world.query((db) =>
        db
          .selectFrom('lockers')
          .select('id')
          .where('place_id', '=', placeId)
          .where('door_number', '=', door)
          .executeTakeFirstOrThrow(),
      );

    it("stores a parcel a courier put in with their PIN while the server was down, and sends the recipient's code", async () => {
      const gateway = await sms;
      await world.startServer({ SMS_WEBHOOK_URL: gateway.url });
      const placeId = await world.place('DELIVERY', 4);
      const pin = String(1000 + (Date.now() % 9000));
      const courier = await world.api(API.admins.create, {
        body: {
          name: 'Estafeta Rui',
          username: `rui${uniq()}`,
          role: 'courier',
          password: 'segredo1',
          confirmPassword: 'segredo1',
          pin,
        },
      });
      expect(courier.status).toBe(200);
      // Doors are free once the server has heard them closed (never heard: 255, offline).
      const wall = await world.startWall(placeId, 4);
      await world.doorsHeard(placeId);
      const packageId = `SGPTDEP${uniq()}`;
      const order = await world.api(API.orders.create, {
        body: { packageId, recipientPhone: '912345679' },
      });
      const assigned = await world.api(API.orders.assignLocker, {
        query: { locationId: placeId, size: 'S', packageId: packageId },
      });
      expect(assigned.status, assigned.description).toBe(200);
      const door = assigned.data.assignedLocker!.doorNumber;
      // The courier's PIN and the parcel it may put in (a set made before the assignment lacks it).
      await world.wallHolds(wall, placeId, (set) =>
        set.parcels.some((p) => p.id === `order:${order.data.id}` && p.door === door),
      );

      const w = await apart(wall, 3, () =>
        wall.post('/deposit', { code: pin, parcel: packageId, lang: 'en' }),
      );
      expect(w.result).toMatchObject({ ok: true, kind: 'deposit', doors: [door], serverReachable: false });
      const stored = await until(async () => {
        const o = (await world.api(API.orders.order, { query: { id: order.data.id } })).data;
        return o.state === ORDER_STATE.STORED_IN_LOCKER ? o : null;
      }, 30_000);
      const opened = stored.logs!.find((l) => l.action === 'openForDeposit')!;
      expect(opened.adminName).toBe('Estafeta Rui');
      within(opened.createdAt, w);
      const events = await world.doorEvents(placeId, door, w.from - 1000);
      expect(events.map((e) => e.door_status)).toEqual([DOOR_STATUS.OPEN, DOOR_STATUS.CLOSED]);
      await until(
        () => gateway.received.find((m) => m.orderId === order.data.id && m.event === 'pickupCode'),
        30_000,
      );
      await until(async () => (await wall.status()).journalPending === 0, 30_000);
    }, 240_000);

    it("records an office user's card at the wall while the server was down, door events in their name", async () => {
      const placeId = await world.place('OFFICE', 3);
      const ana = await officeUser('Ana');
      const locker = await lockerAt(placeId, 2);
      await world.query((db) =>
        db
          .insertInto('user_lockers')
          .values({ user_id: ana.id, locker_id: locker.id, created_at: new Date().toISOString() })
          .execute(),
      );
      const wall = await world.startWall(placeId, 3);
      await until(async () => (await wall.status()).credentials >= 1, 30_000);

      const w = await apart(wall, 3, () => wall.post('/card', { card: ana.card, lang: 'pt' }));
      expect(w.result).toMatchObject({ ok: true, kind: 'office', doors: [2], message: 'Porta 2 aberta.' });
      const access = await until(
        () =>
          world.query((db) =>
            db
              .selectFrom('office_access_log')
              .select(['user_id', 'granted', 'created_at', 'command_id'])
              .where('place_id', '=', placeId)
              .executeTakeFirst(),
          ),
        30_000,
      );
      expect(access).toMatchObject({
        user_id: ana.id,
        granted: 1,
        command_id: expect.stringMatching(/^wall:/),
      });
      within(access.created_at, w);
      await until(async () => (await wall.status()).journalPending === 0, 30_000);
      const events = await world.doorEvents(placeId, 2, w.from - 1000);
      expect(events.map((e) => [e.door_status, e.user_id])).toEqual([
        [DOOR_STATUS.OPEN, ana.id],
        [DOOR_STATUS.CLOSED, ana.id],
      ]);
    }, 240_000);

    it('retrieves an asset taken with a card at the wall while the server was down, when its door closed', async () => {
      const placeId = await world.place('OFFICE', 2);
      const bruno = await officeUser('Bruno');
      const locker = await lockerAt(placeId, 1);
      const now = new Date().toISOString();
      const asset = await world.query(async (db) => {
        const row = await db
          .insertInto('assets')
          .values({
            name: 'Berbequim',
            tag: `T${uniq()}`,
            status: 4,
            created_at: now,
            updated_at: now,
            status_change_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('asset_lockers')
          .values({ asset_id: row.id, locker_id: locker.id, created_at: now })
          .execute();
        await db.updateTable('lockers').set({ status: 2 }).where('id', '=', locker.id).execute();
        return row.id;
      });
      const added = await world.api(API.assets.addUser, {
        body: { AssetId: asset, UserId: bruno.id },
      });
      expect(added.status).toBe(200);
      const wall = await world.startWall(placeId, 2);
      await until(async () => (await wall.status()).credentials >= 1, 30_000);

      const w = await apart(wall, 3, () => wall.post('/card', { card: bruno.card, lang: 'en' }));
      expect(w.result).toMatchObject({ ok: true, kind: 'asset', doors: [1] });
      await until(
        () =>
          world.query(async (db) => {
            const a = await db
              .selectFrom('assets')
              .select('status')
              .where('id', '=', asset)
              .executeTakeFirstOrThrow();
            return a.status === ASSET_STATUS.RETRIEVED;
          }),
        30_000,
      );
      const logs = await world.query((db) =>
        db
          .selectFrom('asset_logs')
          .select(['action_id', 'user_id', 'created_at'])
          .where('asset_id', '=', asset)
          .orderBy('id')
          .execute(),
      );
      const taken = logs.find((l) => l.action_id === ASSET_LOG_ACTION.OPENED_FOR_RETRIEVAL_BY_USER)!;
      expect(taken.user_id).toBe(bruno.id);
      within(taken.created_at, w);
      expect(logs.at(-1)!.action_id).toBe(ASSET_STATUS.RETRIEVED);
      // A one-time credential: the wall refuses a second retrieval at once, and forgets it once told.
      await until(
        async () => (await wall.post('/card', { card: bruno.card })).reason === 'unknownCode',
        30_000,
      );
    }, 240_000);
  },
);
