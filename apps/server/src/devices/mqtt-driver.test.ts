import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopics } from '@cacifo/contract';
import { runMqttController, type MqttControllerHandle } from '@cacifo/simulator';
import type { LockerDriver, LockerDriverEvent } from './locker-driver.js';
import { MqttDriver } from './mqtt-driver.js';

const URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const TIMING = { ackTimeoutMs: 800, resultTimeoutMs: 1500, offlineAfterMs: 900 };
const SIM = { openLatencyMs: 50, autoCloseMs: 300, heartbeatIntervalMs: 200 };
// Each run gets its own prefix so parallel runs and other users of the broker never collide.
const PREFIX = `cacifo-test-${randomUUID().slice(0, 8)}`;

async function brokerAnswers(): Promise<boolean> {
  try {
    const client = await mqtt.connectAsync(URL, { connectTimeout: 1000, reconnectPeriod: 0 });
    await client.endAsync();
    return true;
  } catch {
    return false;
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
const places: number[] = [];
let nextPlace = 1;

function simulate(placeId: number, options: Partial<Parameters<typeof runMqttController>[0]> = {}) {
  const handle: MqttControllerHandle = runMqttController({
    url: URL,
    prefix: PREFIX,
    placeId,
    doors: 4,
    ...SIM,
    ...options,
  });
  cleanups.push(() => handle.stop().catch(() => undefined));
  return handle;
}

function drive(): { driver: MqttDriver; events: LockerDriverEvent[] } {
  const driver = new MqttDriver({ url: URL, prefix: PREFIX, timing: TIMING });
  const events: LockerDriverEvent[] = [];
  driver.subscribe((e) => events.push(e));
  cleanups.push(() => driver.close());
  return { driver, events };
}

function place(): number {
  const id = nextPlace++;
  places.push(id);
  return id;
}

function waitFor(
  driver: LockerDriver,
  match: (e: LockerDriverEvent) => boolean,
  ms = 3000,
): Promise<LockerDriverEvent> {
  return new Promise<LockerDriverEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('timed out waiting for a driver event'));
    }, ms);
    const unsubscribe = driver.subscribe((e) => {
      if (!match(e)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(e);
    });
  });
}

const online =
  (placeId: number, value = true) =>
  (e: LockerDriverEvent) =>
    e.type === 'controller' && e.placeId === placeId && e.online === value;
const door = (placeId: number, doorNumber: number, status: number) => (e: LockerDriverEvent) =>
  e.type === 'doorState' && e.placeId === placeId && e.doorNumber === doorNumber && e.status === status;

describe('MqttDriver against Mosquitto', () => {
  beforeAll(async () => {
    if (await brokerAnswers()) return;
    execFileSync('mosquitto', ['-d', '-c', '/etc/mosquitto/mosquitto.conf']);
    for (let i = 0; i < 20 && !(await brokerAnswers()); i++) await new Promise((r) => setTimeout(r, 100));
  });

  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((f) => f()));
  });

  afterAll(async () => {
    // Leave no retained state of ours on a shared broker.
    const client = await mqtt.connectAsync(URL);
    for (const id of places) {
      const t = deviceTopics(id, PREFIX);
      await client.publishAsync(t.doors, '', { retain: true, qos: 1 });
      await client.publishAsync(t.connection, '', { retain: true, qos: 1 });
      await client.publishAsync(t.config, '', { retain: true, qos: 1 });
    }
    await client.endAsync();
  });

  it('opens a door and sees it open then close, with the full lifecycle', async () => {
    const id = place();
    simulate(id);
    const { driver, events } = drive();
    const up = waitFor(driver, online(id));
    await driver.register({ placeId: id, doors: [1, 2, 3, 4] });
    await up;
    const closed = waitFor(
      driver,
      (e) => door(id, 2, 2)(e) && e.type === 'doorState' && e.previousStatus === 0,
    );
    const result = await driver.openDoor(id, 2);
    expect(result).toMatchObject({ outcome: 'opened', ok: true });
    const stages = events.filter((e) => e.type === 'command' && e.commandId === result.commandId);
    expect(stages.map((e) => e.type === 'command' && e.stage)).toEqual([
      'requested',
      'sent',
      'acknowledged',
      'opened',
    ]);
    expect(events.find(door(id, 2, 0))).toMatchObject({ commanded: true, commandId: result.commandId });
    expect(await closed).toMatchObject({ commanded: false, open: false });
  });

  it('publishes the retained config, which the simulated controller applies', async () => {
    const id = place();
    const sim = simulate(id, { leftOpenAfterMs: null });
    const { driver } = drive();
    const up = waitFor(driver, online(id));
    await driver.register({ placeId: id, doors: [1, 2, 3, 4] });
    await up;
    driver.configure({ leftOpenAfterMs: 120_000 });
    const start = Date.now();
    while (sim.controller.getTiming().leftOpenAfterMs !== 120_000 && Date.now() - start < 3000)
      await new Promise((r) => setTimeout(r, 20));
    // Three heartbeats fit in the offline threshold.
    expect(sim.controller.getTiming()).toMatchObject({ leftOpenAfterMs: 120_000, heartbeatIntervalMs: 300 });
  });

  it('reads the retained snapshot on connect, then streams uncommanded opens and tags', async () => {
    const id = place();
    const sim = simulate(id, { autoCloseMs: null });
    await sim.ready;
    sim.controller.openByHand(3);
    sim.controller.placeTag(1, 'TAG-A');
    await new Promise((r) => setTimeout(r, 100));
    const { driver } = drive();
    const up = waitFor(driver, online(id));
    await driver.register({ placeId: id, doors: [1, 2, 3, 4] });
    await up;
    const [state] = await driver.readStates(id);
    expect(state!.doors.map((d) => d.status)).toEqual([2, 2, 1, 2]);
    expect(state!.doors[0]!.tags).toEqual(['TAG-A']);

    const alert = waitFor(driver, door(id, 4, 1));
    sim.controller.openByHand(4);
    expect(await alert).toMatchObject({ commanded: false, commandId: null });
    const gone = waitFor(driver, (e) => e.type === 'tag' && !e.present);
    sim.controller.removeTag(1, 'TAG-A');
    expect(await gone).toMatchObject({ placeId: id, doorNumber: 1, tagId: 'TAG-A' });
  });

  it('reports jammed, failed (timeout) and alreadyOpen over the broker', async () => {
    const id = place();
    const sim = simulate(id, { autoCloseMs: null });
    const { driver } = drive();
    const up = waitFor(driver, online(id));
    await driver.register({ placeId: id, doors: [1, 2, 3, 4] });
    await up;
    sim.controller.setFault('jam', 1);
    sim.controller.setFault('timeout', 2);
    const results = await driver.openMany(id, [1, 2, 3]);
    expect(results.map((r) => [r.outcome, r.reason])).toEqual([
      ['jammed', null],
      ['failed', 'noAck'],
      ['opened', null],
    ]);
    expect((await driver.openDoor(id, 3)).outcome).toBe('alreadyOpen');
  });

  it('a controller losing its connection is marked offline by its last will, and comes back', async () => {
    const id = place();
    const sim = simulate(id);
    const { driver } = drive();
    const up = waitFor(driver, online(id));
    await driver.register({ placeId: id, doors: [1, 2, 3, 4] });
    await up;
    const down = waitFor(driver, online(id, false), 5000);
    sim.kill();
    expect(await down).toMatchObject({ reason: 'disconnected' });
    const [state] = await driver.readStates(id);
    expect(state!.doors.every((d) => d.status === 255)).toBe(true);
    expect(await driver.openDoor(id, 1)).toMatchObject({ outcome: 'offline' });

    const back = waitFor(driver, online(id));
    simulate(id);
    await back;
    const [after] = await driver.readStates(id);
    expect(after!.doors.map((d) => d.status)).toEqual([2, 2, 2, 2]);
  });

  it('a controller that stops its heartbeats is marked offline, then recovers', async () => {
    const id = place();
    const sim = simulate(id);
    const { driver } = drive();
    const up = waitFor(driver, online(id));
    await driver.register({ placeId: id, doors: [1, 2, 3, 4] });
    await up;
    const down = waitFor(driver, online(id, false), 5000);
    sim.controller.setFault('offline');
    expect(await down).toMatchObject({ reason: 'heartbeatTimeout' });
    const back = waitFor(driver, online(id));
    sim.controller.clearFault('offline');
    await back;
  });

  it('the driver losing the broker marks all offline, then reconnects and catches up', async () => {
    const id = place();
    const sim = simulate(id, { autoCloseMs: null });
    const { driver } = drive();
    const up = waitFor(driver, online(id));
    await driver.register({ placeId: id, doors: [1, 2, 3, 4] });
    await up;
    const down = waitFor(driver, online(id, false), 5000);
    driver.client.stream.destroy();
    expect(await down).toMatchObject({ reason: 'brokerDisconnected' });
    // Happens while the driver cannot hear: its broker session keeps both events for it.
    const seen: number[] = [];
    driver.subscribe((e) => {
      if (e.type === 'doorState' && e.placeId === id && e.doorNumber === 2) seen.push(e.status);
    });
    const closedAgain = waitFor(
      driver,
      (e) => door(id, 2, 2)(e) && e.type === 'doorState' && e.previousStatus === 1,
      3000,
    );
    sim.controller.openByHand(2);
    sim.controller.closeByHand(2);
    await closedAgain;
    expect(seen).toContain(1);
    const [state] = await driver.readStates(id);
    expect(state).toMatchObject({ online: true });
  });
});
