import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { connectDatabase, type DbHandle } from '../src/db/connect.js';
import { MqttDriver } from '../src/devices/mqtt-driver.js';
import { createTestDb, testDialects, type TestDb } from './helpers/test-db.js';
import { API } from '@cacifo/contract';
import { signIn, testConfig, callApi } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';

/**
 * ADR 0141: two instances in one MQTT shared-subscription group on the local Mosquitto, a simulator
 * process as the controller. Each report reaches one instance; each door event is recorded once;
 * heartbeats write nothing.
 */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Counts the statements that write, whatever builds them (query builder or raw SQL). */
class WriteCounter implements KyselyPlugin {
  readonly writes: string[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const kind = node.kind;
    if (kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode')
      this.writes.push(`${kind} ${JSON.stringify(node).match(/"name":"([a-z_]+)"/)?.[1] ?? ''}`);
    else if (kind === 'RawNode') {
      const table = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)/i.exec(
        node.sqlFragments.join(' '),
      );
      if (table) this.writes.push(`RawNode ${table[1]}`);
    }
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs) {
    return Promise.resolve(result);
  }
}

function counted(handle: DbHandle, counter: WriteCounter): DbHandle {
  return { ...handle, db: handle.db.withPlugin(counter) };
}

describe.each(testDialects())('device traffic shared by two instances [%s]', (dialect) => {
  const tag = `${process.pid}-${Date.now()}-${dialect}`;
  const prefix = `cacifo-shared-${tag}`;
  const counters = { a: new WriteCounter(), b: new WriteCounter() };
  let db: TestDb;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let drivers: { a: MqttDriver; b: MqttDriver };
  let sim: ChildProcess | null = null;
  let observer: mqtt.MqttClient;
  /** Every controller report on the topics the group shares, as a plain subscriber sees them. */
  const seen = { reports: 0, heartbeats: 0 };

  beforeAll(async () => {
    db = await createTestDb(dialect);
    const second = connectDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    const driver = () =>
      new MqttDriver({
        url: BROKER,
        prefix,
        sharedGroup: `g-${tag}`,
        timing: { ackTimeoutMs: 3000, resultTimeoutMs: 4000, offlineAfterMs: 1500 },
      });
    drivers = { a: driver(), b: driver() };
    const config = testConfig({}, db.dataDir);
    a = await buildApp(config, {
      handle: counted(db.handle, counters.a),
      webRoot: '/nonexistent',
      driver: drivers.a,
    });
    b = await buildApp(config, {
      handle: counted(second, counters.b),
      webRoot: '/nonexistent',
      driver: drivers.b,
    });
    b.addHook('onClose', async () => second.close());
    await a.ready();
    await b.ready();
    observer = mqtt.connect(BROKER, { protocolVersion: 5 });
    observer.on('message', (_topic, payload) => {
      seen.reports++;
      if ((JSON.parse(payload.toString()) as { type?: string }).type === 'heartbeat') seen.heartbeats++;
    });
    await observer.subscribeAsync([`${prefix}/+/event`, `${prefix}/+/state/doors`, `${prefix}/+/journal`], {
      qos: 1,
    });
  });
  afterAll(async () => {
    sim?.kill('SIGTERM');
    await observer?.endAsync();
    await b?.close();
    await a?.close();
    await db?.drop();
  });

  it('records each door event once, whichever instance heard it; heartbeats write nothing', async () => {
    const place = await createPlace(a, { doors: 4 });
    await b.devices.syncPlace(place.placeId);
    const cli = fileURLToPath(new URL('../../simulator/src/cli.ts', import.meta.url));
    const args = ['--mqtt', BROKER, '--place', String(place.placeId), '--doors', '4', '--prefix', prefix];
    const timing = ['--latency', '30', '--auto-close', '400', '--heartbeat', '300'];
    sim = spawn(process.execPath, ['--import', 'tsx', cli, ...args, ...timing], { stdio: 'ignore' });
    const online = async (app: FastifyInstance) =>
      (await app.devices.driver.readStates(place.placeId))[0]?.online;
    await waitFor(async () => (await online(a)) && (await online(b)), 20_000);
    const drain = () => Promise.all([a.devices.events.drain(), b.devices.events.drain()]);
    // The doors come back from 255 with the snapshots the instances asked for.
    const doorStatuses = async () =>
      (
        await a.db.selectFrom('lockers').select('door_status').where('place_id', '=', place.placeId).execute()
      ).map((r) => r.door_status);
    await waitFor(async () => {
      await drain();
      return (await doorStatuses()).every((s) => s === 2);
    });

    // Heartbeats only: several reach each instance, and neither writes anything.
    const heartbeatsFrom = seen.heartbeats + 2;
    await waitFor(async () => seen.heartbeats >= heartbeatsFrom);
    await drain();
    const before = { a: counters.a.writes.length, b: counters.b.writes.length };
    const received = { a: drivers.a.shared!.stats.received, b: drivers.b.shared!.stats.received };
    const heartbeatsUntil = seen.heartbeats + 8;
    await waitFor(async () => seen.heartbeats >= heartbeatsUntil);
    await drain();
    expect(drivers.a.shared!.stats.received).toBeGreaterThan(received.a);
    expect(drivers.b.shared!.stats.received).toBeGreaterThan(received.b);
    // The job runner's lease, the message queue and the order counts' fold (every 30 s) write on
    // their own clock, controllers or not.
    const ownClock = /(job_locks|messages|order_counts)$/;
    expect(counters.a.writes.slice(before.a).filter((w) => !ownClock.test(w))).toEqual([]);
    expect(counters.b.writes.slice(before.b).filter((w) => !ownClock.test(w))).toEqual([]);

    // Doors opened through either instance: each waits for its own outcome, wherever it landed.
    const admins = { a: await signIn(a, 'admin'), b: await signIn(b, 'admin') };
    for (const [i, locker] of place.lockers.entries()) {
      const via = i % 2 === 0 ? 'a' : 'b';
      const app = via === 'a' ? a : b;
      const opened = await callApi(app, admins[via].token, API.locations.openLocker, {
        params: { id: locker.id },
      });
      expect(opened.body.Data).toMatchObject({ ok: true, outcome: 'opened' });
    }
    const events = async () =>
      a.db
        .selectFrom('door_events')
        .select(['locker_id', 'door_status', 'previous_status', 'commanded', 'admin_id'])
        .where('place_id', '=', place.placeId)
        .where('door_status', '!=', 255)
        .where('previous_status', '!=', 255)
        .orderBy('id')
        .execute();
    await waitFor(async () => {
      await drain();
      return (await events()).length >= 8 && (await doorStatuses()).every((s) => s === 2);
    });
    const recorded = await events();
    for (const [i, locker] of place.lockers.entries()) {
      const admin = i % 2 === 0 ? admins.a : admins.b;
      expect(recorded.filter((e) => e.locker_id === locker.id)).toEqual([
        { locker_id: locker.id, door_status: 0, previous_status: 2, commanded: 1, admin_id: admin.id },
        { locker_id: locker.id, door_status: 2, previous_status: 0, commanded: 0, admin_id: null },
      ]);
    }
    // Every report went to exactly one of the two: together they received what a plain subscriber saw.
    // The controller stopped first, so both counts are final once they agree (a copy would keep the
    // instances' sum above the subscriber's for good).
    const exited = new Promise((resolve) => sim!.once('exit', resolve));
    sim!.kill('SIGTERM');
    await exited;
    const total = () => drivers.a.shared!.stats.received + drivers.b.shared!.stats.received;
    await waitFor(async () => total() === seen.reports);
    expect(drivers.a.shared!.stats.received).toBeGreaterThan(0);
    expect(drivers.b.shared!.stats.received).toBeGreaterThan(0);
  }, 60_000);
});
