import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API } from '@cacifo/contract';
import { buildApp } from '../src/app.js';
import { MqttDriver } from '../src/devices/mqtt-driver.js';
import { createTestDb, type TestDb } from './helpers/test-db.js';
import { signIn, testConfig, callApi } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { freePort } from './helpers/server-process.js';

/** The simulator as its own process and the server on a real Mosquitto: a door opened end to end. */
describe('server driving a simulator process over a real MQTT broker', () => {
  let broker: ChildProcess | null = null;
  let sim: ChildProcess | null = null;
  let app: FastifyInstance;
  let db: TestDb;
  let port: number;
  const prefix = `cacifo-it-${process.pid}-${Date.now()}`;
  const startBroker = async () => {
    broker = spawn('mosquitto', ['-p', String(port)], { stdio: 'ignore' });
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const s = createServer();
          // The port is taken once the broker listens.
          s.once('error', () => resolve(true));
          s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
        }),
      5000,
    );
  };

  beforeAll(async () => {
    port = await freePort();
    await startBroker();
    db = await createTestDb('sqlite');
    const url = `mqtt://127.0.0.1:${port}`;
    const driver = new MqttDriver({
      url,
      prefix,
      timing: { ackTimeoutMs: 2000, resultTimeoutMs: 3000, offlineAfterMs: 1500 },
    });
    app = await buildApp(testConfig({}, db.dataDir), { handle: db.handle, webRoot: '/nonexistent', driver });
    await app.ready();
  });
  afterAll(async () => {
    sim?.kill('SIGTERM');
    await app?.close();
    broker?.kill('SIGTERM');
    await db?.drop();
  });

  it('opens a door, sees it close, goes offline with the broker down and recovers when it returns', async () => {
    const admin = await signIn(app, 'admin');
    const place = await createPlace(app, { doors: 3 });
    const cli = fileURLToPath(new URL('../../simulator/src/cli.ts', import.meta.url));
    sim = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        cli,
        '--mqtt',
        `mqtt://127.0.0.1:${port}`,
        '--place',
        String(place.placeId),
        '--doors',
        '3',
        '--prefix',
        prefix,
        '--latency',
        '30',
        '--auto-close',
        '300',
        '--heartbeat',
        '300',
      ],
      { stdio: 'ignore' },
    );
    const lockerStatus = async (id: number) =>
      (
        await app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).door_status;
    const locker = place.lockers[2]!;
    // The controller announces itself once the process is up.
    await waitFor(async () => (await app.devices.driver.readStates(place.placeId))[0]?.online, 15_000);
    const opened = await callApi(app, admin.token, API.locations.openLocker, { params: { id: locker.id } });
    expect(opened.body.Data).toMatchObject({ ok: true, outcome: 'opened' });
    await waitFor(async () => {
      await app.devices.events.drain();
      return (
        (await lockerStatus(locker.id)) === 2 &&
        (
          await app.db
            .selectFrom('door_events')
            .select('door_status')
            .where('locker_id', '=', locker.id)
            .where('door_status', '!=', 255)
            .where('previous_status', '!=', 255)
            .execute()
        ).length >= 2
      );
    }, 5000);
    // On a loaded machine the simulator process may start after the offline threshold: its doors
    // then went 255 (never heard, ADR 0014) and back first. Those transitions are not the opening.
    const events = await app.db
      .selectFrom('door_events')
      .select(['door_status', 'commanded', 'admin_id'])
      .where('locker_id', '=', locker.id)
      .where('door_status', '!=', 255)
      .where('previous_status', '!=', 255)
      .orderBy('id')
      .execute();
    expect(events.slice(0, 2)).toEqual([
      { door_status: 0, commanded: 1, admin_id: admin.id },
      { door_status: 2, commanded: 0, admin_id: null },
    ]);

    // Broker restarted in the middle: the doors read offline, then the system recovers by itself.
    broker!.kill('SIGKILL');
    await waitFor(async () => {
      await app.devices.events.drain();
      return (await lockerStatus(locker.id)) === 255;
    }, 10_000);
    await startBroker();
    await waitFor(async () => {
      await app.devices.events.drain();
      return (await lockerStatus(locker.id)) === 2;
    }, 20_000);
    const again = await callApi(app, admin.token, API.locations.openLocker, {
      params: { id: place.lockers[0]!.id },
    });
    expect(again.body.Data).toMatchObject({ ok: true, outcome: 'opened' });
  }, 60_000);
});
