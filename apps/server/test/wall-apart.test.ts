import { afterAll, describe, expect, it } from 'vitest';
import { API, ADMIN_LOG_ACTION, DOOR_STATUS, ORDER_STATE } from '@cacifo/contract';
import { testDialects } from './helpers/test-db.js';
import { until } from './helpers/server-process.js';
import { OwnBroker } from './helpers/own-broker.js';
import { WallWorld, type LocalWall } from './helpers/wall-processes.js';

let n = 0;
const uniq = () => `${Date.now() % 1_000_000}${++n}`;

/**
 * Issue #32: the wall and the server apart while both work (their broker, this test's own
 * Mosquitto, is down), and a broker restart in the middle of a journal replay. A parcel cancelled
 * meanwhile and deposited at the wall is a conflict with both sides; one cancelled meanwhile is
 * refused once the wall holds the new set; a replay cut by the broker ends with every door in its
 * true state and nothing applied twice.
 */
describe.each(testDialects())('the wall apart from the server [%s]', (dialect) => {
  const broker = new OwnBroker();
  let world: WallWorld;
  afterAll(async () => {
    await world?.close();
    await broker.stop();
  });
  const started = (async () => {
    await broker.start();
    world = new WallWorld(dialect, broker.url);
    await world.startServer();
  })();

  async function assignedOrder(placeId: number) {
    const packageId = `SGPTAP${uniq()}`;
    const order = await world.api(API.orders.create, {
      body: { packageId, recipientPhone: `91${String(Date.now() % 10_000_000).padStart(7, '0')}` },
    });
    const assigned = await world.api(API.orders.assignLocker, {
      query: { locationId: placeId, size: 'S', packageId: packageId },
    });
    expect(assigned.status, assigned.description).toBe(200);
    return { id: order.data.id, packageId };
  }
  const state = async (id: number) => (await world.api(API.orders.order, { query: { id: id } })).data;
  const heard = (wall: LocalWall) => until(async () => (await wall.status()).serverReachable, 30_000);

  it('keeps a deposit of a parcel cancelled while apart as a conflict, and refuses one cancelled once the wall knows', async () => {
    await started;
    const placeId = await world.place('DELIVERY', 4);
    const pin = String(1000 + (Date.now() % 9000));
    const courier = await world.api(API.admins.create, {
      body: {
        name: 'Estafeta Eva',
        username: `eva${uniq()}`,
        role: 'courier',
        password: 'segredo1',
        confirmPassword: 'segredo1',
        pin,
      },
    });
    expect(courier.status).toBe(200);
    const wall = await world.startWall(placeId, 4);
    await world.doorsHeard(placeId);
    const used = await assignedOrder(placeId);
    const unused = await assignedOrder(placeId);
    // The wall holds the courier's PIN and both parcels it may take (a set made before the orders were
    // assigned has the PIN alone).
    await world.wallHolds(wall, placeId, (set) =>
      [used, unused].every((o) => set.parcels.some((p) => p.id === `order:${o.id}`)),
    );
    const before = (await wall.status()).credentialsVersion!;

    await broker.stop();
    await until(async () => !(await wall.status()).serverReachable, 15_000);
    for (const o of [used, unused]) {
      const r = await world.api(API.orders.cancel, {
        body: { orderId: o.id },
      });
      expect(r.status).toBe(200);
    }
    const cancelledState = (await state(used.id)).state;
    // The wall does not know yet: the parcel goes in.
    const reply = await wall.post('/deposit', { code: pin, parcel: used.packageId, lang: 'en' });
    expect(reply).toMatchObject({ ok: true, kind: 'deposit', serverReachable: false });
    const door = reply.doors[0]!;
    await until(async () => (await wall.status()).journalPending >= 3, 15_000);

    await broker.start();
    await heard(wall);
    const conflicts = await until(async () => {
      const r = await world.api(API.wall.conflicts, { query: { placeId } });
      return r.data.conflicts.length > 0 ? r.data.conflicts : null;
    }, 30_000);
    expect(conflicts).toEqual([
      expect.objectContaining({
        type: 'deposit',
        wall: expect.objectContaining({ parcelId: `order:${used.id}`, door }),
        server: expect.objectContaining({ reason: 'notToDeposit', state: cancelledState }),
      }),
    ]);
    // Operators see it in the admin log too, with both sides.
    // The log is written just after the conflict is settled: it follows within moments.
    const logged = await until(async () => {
      const rows = await world.query((db) =>
        db
          .selectFrom('admin_logs')
          .select(['details', 'door_number'])
          .where('action', '=', ADMIN_LOG_ACTION.WALL_CONFLICT)
          .where('place_id', '=', placeId)
          .execute(),
      );
      return rows.length > 0 ? rows : null;
    }, 15_000);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.details!)).toMatchObject({
      server: { reason: 'notToDeposit' },
      wall: { door },
    });
    expect((await state(used.id)).state).toBe(cancelledState);
    // Once the wall holds the set made after the cancellations, the other parcel is refused.
    await until(async () => (await wall.status()).credentialsVersion! > before, 30_000);
    expect(await wall.post('/deposit', { code: pin, parcel: unused.packageId, lang: 'en' })).toMatchObject({
      ok: false,
      reason: 'unknownParcel',
    });
    await until(async () => (await wall.status()).journalPending === 0, 30_000);
  }, 240_000);

  it('replays a journal cut by a broker restart: every door closed and every pickup applied once', async () => {
    await started;
    const doors = 6;
    const placeId = await world.place('DELIVERY', doors);
    const wall = await world.startWall(placeId, doors);
    await world.doorsHeard(placeId);
    const orders: Array<{ id: number; pin: string }> = [];
    for (let i = 0; i < doors; i++) {
      const o = await assignedOrder(placeId);
      await world.api(API.orders.storePackage, { query: { packageId: o.packageId } });
      await until(async () => (await state(o.id)).state === ORDER_STATE.STORED_IN_LOCKER, 30_000);
      const row = await until(() =>
        world.query((db) =>
          db
            .selectFrom('messages')
            .select('code')
            .where('order_id', '=', o.id)
            .where('code', 'is not', null)
            .executeTakeFirst(),
        ),
      );
      orders.push({ id: o.id, pin: row.code!.split(' ')[0]! });
    }
    await until(async () => (await wall.status()).credentials >= doors, 30_000);

    await world.killServer();
    await until(async () => !(await wall.status()).serverReachable, 15_000);
    const typedFrom = Date.now();
    for (const o of orders) expect((await wall.post('/keypad', { code: o.pin })).ok).toBe(true);
    const entries = doors * 3;
    await until(async () => (await wall.status()).journalPending >= entries, 30_000);

    await world.startServer();
    // The broker goes down as soon as the server has acknowledged part of the journal.
    let pendingAtStop = entries;
    for (;;) {
      pendingAtStop = (await wall.status()).journalPending;
      if (pendingAtStop < entries) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await broker.stop();
    expect(pendingAtStop).toBeGreaterThan(0);
    await broker.start();
    await heard(wall);
    await until(async () => (await wall.status()).journalPending === 0, 60_000);
    for (const o of orders) {
      const done = await until(async () => {
        const s = await state(o.id);
        return s.state === ORDER_STATE.DELIVERED ? s : null;
      }, 30_000);
      expect(done.logs!.filter((l) => l.action === 'pickupWithPin')).toHaveLength(1);
      expect(done.logs!.filter((l) => l.action === 'pickupClosed')).toHaveLength(1);
    }
    const lockers = await world.query((db) =>
      db
        .selectFrom('lockers')
        .select(['door_number', 'door_status', 'status'])
        .where('place_id', '=', placeId)
        .orderBy('door_number')
        .execute(),
    );
    expect(lockers.map((l) => [l.door_status, l.status])).toEqual(Array(doors).fill([DOOR_STATUS.CLOSED, 0]));
    for (let door = 1; door <= doors; door++) {
      const events = await world.doorEvents(placeId, door, typedFrom - 1000);
      expect(events.map((e) => e.door_status)).toEqual([DOOR_STATUS.OPEN, DOOR_STATUS.CLOSED]);
    }
    const applied = await world.query((db) =>
      db.selectFrom('device_journal').select(['result']).where('place_id', '=', placeId).execute(),
    );
    expect(applied).toHaveLength(entries);
    expect(applied.filter((a) => a.result === 'conflict')).toEqual([]);
    const collected = await world.query((db) =>
      db
        .selectFrom('messages')
        .select('order_id')
        .where('event', '=', 'collected')
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute(),
    );
    expect(collected.map((m) => m.order_id).sort()).toEqual(orders.map((o) => o.id).sort());
  }, 300_000);
});
