import { afterAll, describe, expect, it } from 'vitest';
import { API, DOOR_STATUS, ORDER_STATE } from '@cacifo/contract';
import { testDialects } from './helpers/test-db.js';
import { until } from './helpers/server-process.js';
import { startSmsReceiver } from './helpers/message-peers.js';
import { WallWorld } from './helpers/wall-processes.js';

/**
 * Issue #32, "Done when": the built server and `npm run simulator` as separate processes on the real
 * Mosquitto. The server stops; a code typed at the wall's keypad (its local API) still opens the
 * door; when the server starts again it learns from the wall's journal what happened, at the wall's
 * time, and what follows (the recipient's "collected" message) follows.
 */
describe.each(testDialects())('the wall works while the server is down [%s]', (dialect) => {
  const world = new WallWorld(dialect);
  const sms = startSmsReceiver();
  afterAll(async () => {
    await world.close();
    await (await sms).close();
  });

  it('opens a parcel for its pickup code with the server stopped, and the order is delivered at the wall time after', async () => {
    const gateway = await sms;
    await world.startServer({ SMS_WEBHOOK_URL: gateway.url });
    const created = await world.api(API.locations.create, {
      body: {
        name: `Outage ${world.prefix}`,
        type: 'DELIVERY',
        lockers: Array.from({ length: 4 }, (_, i) => ({ doorNumber: i + 1, size: 'S' })),
      },
    });
    const placeId = created.data.Place.id;
    const wall = await world.startWall(placeId, 4);
    // Its doors are free once the server has heard them closed (never heard: 255, offline).
    await world.doorsHeard(placeId);

    const packageId = `SGPTWALL${Date.now() % 1_000_000}`;
    const order = await world.api(API.orders.create, {
      body: { packageId, recipientPhone: '912345678' },
    });
    const orderId = order.data.id;
    await world.api(API.orders.assignLocker, {
      query: { locationId: placeId, size: 'S', packageId: packageId },
    });
    const opened = await world.api(API.orders.storePackage, { query: { packageId: packageId } });
    expect(opened.status).toBe(200);
    // The door closes by itself: the parcel is stored and its code sent.
    const stored = await until(async () => {
      const o = (await world.api(API.orders.order, { query: { id: orderId } })).data;
      return o.state === ORDER_STATE.STORED_IN_LOCKER ? o : null;
    }, 30_000);
    const door = stored.assignedLocker!.doorNumber;
    const pin = await pickupPin(world, orderId);
    // The wall holds the parcel's credential (only its keyed hash).
    await until(async () => (await wall.status()).credentials >= 1, 30_000);

    await world.killServer();
    await until(async () => !(await wall.status()).serverReachable, 15_000);
    const typedFrom = Date.now();
    const reply = await wall.post('/keypad', { code: pin, lang: 'en' });
    const typedUntil = Date.now();
    expect(reply).toMatchObject({
      ok: true,
      kind: 'pickup',
      doors: [door],
      message: `Door ${door} is open.`,
    });
    expect(reply.serverReachable).toBe(false);
    // A code is used once, also with nobody to ask.
    expect(await wall.post('/keypad', { code: pin, lang: 'fr' })).toMatchObject({
      ok: false,
      reason: 'used',
      message: 'Ce code a déjà été utilisé.',
    });
    // The access, the door opening and its closing by itself are in the journal.
    await until(async () => (await wall.status()).journalPending >= 3, 15_000);

    const restarted = Date.now();
    await world.startServer();
    // Within 30 s of the server answering again (its own start, slow on a loaded machine, apart).
    const up = Date.now();
    const delivered = await until(async () => {
      const o = (await world.api(API.orders.order, { query: { id: orderId } })).data;
      return o.state === ORDER_STATE.DELIVERED ? o : null;
    }, 30_000);
    expect(Date.now() - up).toBeLessThan(30_000);
    const pickedUp = Date.parse(delivered.pickUpAt!);
    expect(pickedUp).toBeGreaterThanOrEqual(typedFrom - 1000);
    expect(pickedUp).toBeLessThanOrEqual(typedUntil + 1000);
    // One open and one close of that door since the code was typed, at the wall's times.
    const events = await doorEvents(world, placeId, door, typedFrom - 1000);
    expect(events.map((e) => e.door_status)).toEqual([DOOR_STATUS.OPEN, DOOR_STATUS.CLOSED]);
    expect(Date.parse(events[1]!.created_at)).toBeLessThan(restarted);
    // The recipient's receipt follows the pickup.
    await until(() => gateway.received.find((m) => m.orderId === orderId && m.event === 'collected'), 30_000);
    // Every entry acknowledged; the code is gone from the wall.
    await until(async () => (await wall.status()).journalPending === 0, 30_000);
    await until(async () => (await wall.post('/keypad', { code: pin })).reason === 'unknownCode', 30_000);
  }, 240_000);
});

/** The pickup code as the outbox keeps it for the message that carried it. */
async function pickupPin(world: WallWorld, orderId: number): Promise<string> {
  const handle = world.db();
  try {
    const row = await until(() =>
      handle.db
        .selectFrom('messages')
        .select('code')
        .where('order_id', '=', orderId)
        .where('code', 'is not', null)
        .executeTakeFirst(),
    );
    return row.code!.split(' ')[0]!;
  } finally {
    await handle.close();
  }
}

async function doorEvents(world: WallWorld, placeId: number, door: number, since: number) {
  const handle = world.db();
  try {
    return await handle.db
      .selectFrom('door_events')
      .select(['door_status', 'created_at', 'command_id'])
      .where('place_id', '=', placeId)
      .where('door_number', '=', door)
      .where('created_at', '>=', new Date(since).toISOString())
      .orderBy('created_at')
      .execute();
  } finally {
    await handle.close();
  }
}
