import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LockerDriverEvent } from './locker-driver.js';
import { SimulatorDriver } from './simulator-driver.js';

const TIMING = { ackTimeoutMs: 1000, resultTimeoutMs: 2000, offlineAfterMs: 3000 };

async function setup() {
  const driver = new SimulatorDriver({
    timing: TIMING,
    simulator: { openLatencyMs: 200, autoCloseMs: 1000, heartbeatIntervalMs: 1000 },
  });
  const events: LockerDriverEvent[] = [];
  driver.subscribe((e) => events.push(e));
  await driver.register({ placeId: 1, doors: [1, 2, 3, 4] });
  const sim = driver.simulator(1)!;
  const of = <T extends LockerDriverEvent['type']>(type: T) =>
    events.filter((e): e is Extract<LockerDriverEvent, { type: T }> => e.type === type);
  return { driver, sim, events, of };
}

/** Starts a command and lets fake time run until it settles. */
async function run<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  await vi.advanceTimersByTimeAsync(ms);
  return promise;
}

describe('SimulatorDriver', () => {
  let driver: SimulatorDriver | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    await driver?.close();
    vi.useRealTimers();
  });

  it('opens a door through requested, sent, acknowledged, opened; then sees it close by itself', async () => {
    const s = await setup();
    driver = s.driver;
    const [state] = await s.driver.readStates(1);
    expect(state).toMatchObject({ placeId: 1, online: true });
    expect(state!.doors.map((d) => d.status)).toEqual([2, 2, 2, 2]);

    const result = await run(s.driver.openDoor(1, 2), 250);
    expect(result).toMatchObject({ outcome: 'opened', ok: true, reason: null, doorNumber: 2 });
    expect(result.acknowledgedAt!.getTime() - result.requestedAt.getTime()).toBe(0);
    expect(result.finishedAt.getTime() - result.requestedAt.getTime()).toBe(200);
    const stages = s.of('command').filter((e) => e.commandId === result.commandId);
    expect(stages.map((e) => e.stage)).toEqual(['requested', 'sent', 'acknowledged', 'opened']);
    expect(s.of('doorState').at(-1)).toMatchObject({
      doorNumber: 2,
      previousStatus: 2,
      status: 0,
      open: true,
      commanded: true,
      commandId: result.commandId,
    });

    await vi.advanceTimersByTimeAsync(1000);
    expect(s.of('doorState').at(-1)).toMatchObject({
      doorNumber: 2,
      status: 2,
      open: false,
      commanded: false,
    });
  });

  it('answers alreadyOpen for a door that is open', async () => {
    const s = await setup();
    driver = s.driver;
    s.sim.openByHand(3);
    const result = await run(s.driver.openDoor(1, 3), 10);
    expect(result).toMatchObject({ outcome: 'alreadyOpen', ok: true });
  });

  it('reports jammed when the door stays closed, and the door turns to alert 3', async () => {
    const s = await setup();
    driver = s.driver;
    s.sim.setFault('jam', 1);
    const result = await run(s.driver.openDoor(1, 1), 250);
    expect(result).toMatchObject({ outcome: 'jammed', ok: false });
    expect(result.acknowledgedAt).not.toBeNull();
    expect(s.of('doorState').at(-1)).toMatchObject({ doorNumber: 1, status: 3, commanded: true });
  });

  it('fails after the ack timeout when the controller does not answer', async () => {
    const s = await setup();
    driver = s.driver;
    s.sim.setFault('timeout', 4);
    const pending = s.driver.openDoor(1, 4);
    await vi.advanceTimersByTimeAsync(999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    const result = await run(pending, 1);
    expect(result).toMatchObject({ outcome: 'failed', ok: false, reason: 'noAck', acknowledgedAt: null });
    expect(result.sentAt).not.toBeNull();
  });

  it('fails with noResult when the ack comes but the outcome never does', async () => {
    const s = await setup();
    driver = s.driver;
    const pending = s.driver.openDoor(1, 1);
    // The controller dies between its ack and the end of the open latency.
    s.sim.setFault('offline');
    const result = await run(pending, 2100);
    expect(result).toMatchObject({ outcome: 'failed', reason: 'noResult' });
  });

  it('marks a silent controller offline (doors 255), refuses commands, and recovers', async () => {
    const s = await setup();
    driver = s.driver;
    s.sim.setFault('offline');
    await vi.advanceTimersByTimeAsync(3000);
    expect(s.of('controller')).toHaveLength(1); // the initial online event only
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.of('controller').at(-1)).toMatchObject({ online: false, reason: 'heartbeatTimeout' });
    const offlineDoors = s.of('doorState').filter((e) => e.status === 255);
    expect(offlineDoors.map((e) => [e.doorNumber, e.previousStatus, e.commanded])).toEqual([
      [1, 2, false],
      [2, 2, false],
      [3, 2, false],
      [4, 2, false],
    ]);
    const [state] = await s.driver.readStates(1);
    expect(state!.doors.every((d) => d.status === 255 && d.open === null)).toBe(true);
    expect(await s.driver.openDoor(1, 1)).toMatchObject({ outcome: 'offline', sentAt: null });

    // While offline a door was pulled open: the recovery shows it.
    s.sim.openByHand(2);
    s.sim.clearFault('offline');
    expect(s.of('controller').at(-1)).toMatchObject({ online: true });
    const [after] = await s.driver.readStates(1);
    expect(after!.doors.map((d) => d.status)).toEqual([2, 1, 2, 2]);
    expect(s.of('heartbeat').length).toBeGreaterThan(0);
  });

  it('raises an uncommanded open as alert 1 with commanded false', async () => {
    const s = await setup();
    driver = s.driver;
    s.sim.openByHand(4);
    expect(s.of('doorState').at(-1)).toMatchObject({
      doorNumber: 4,
      status: 1,
      previousStatus: 2,
      commanded: false,
      commandId: null,
    });
  });

  it('pushes tag detected and missing, and reads them in the state', async () => {
    const s = await setup();
    driver = s.driver;
    s.sim.placeTag(2, 'E200-01');
    s.sim.placeTag(2, 'E200-02');
    s.sim.removeTag(2, 'E200-01');
    expect(s.of('tag').map((e) => [e.doorNumber, e.tagId, e.present])).toEqual([
      [2, 'E200-01', true],
      [2, 'E200-02', true],
      [2, 'E200-01', false],
    ]);
    const [state] = await s.driver.readStates(1);
    expect(state!.doors[1]!.tags).toEqual(['E200-02']);
  });

  it('openMany keeps the order of the doors and reports each outcome', async () => {
    const s = await setup();
    driver = s.driver;
    s.sim.setFault('jam', 2);
    s.sim.openByHand(3);
    const results = await run(s.driver.openMany(1, [1, 2, 3, 4, 9], { concurrency: 2 }), 1000);
    expect(results.map((r) => [r.doorNumber, r.outcome])).toEqual([
      [1, 'opened'],
      [2, 'jammed'],
      [3, 'alreadyOpen'],
      [4, 'opened'],
      [9, 'failed'],
    ]);
    expect(results[4]!.reason).toBe('unknownDoor');
  });

  it('fails for an unknown place, survives a throwing subscriber, and unsubscribes', async () => {
    const s = await setup();
    driver = s.driver;
    expect(await s.driver.openDoor(99, 1)).toMatchObject({ outcome: 'failed', reason: 'unknownController' });
    s.driver.subscribe(() => {
      throw new Error('boom');
    });
    const seen: LockerDriverEvent[] = [];
    const unsubscribe = s.driver.subscribe((e) => seen.push(e));
    s.sim.openByHand(1);
    unsubscribe();
    s.sim.closeByHand(1);
    expect(seen.filter((e) => e.type === 'doorState')).toHaveLength(1);
    expect(s.of('doorState').at(-1)).toMatchObject({ status: 2 });
  });

  it('re-registering with other doors swaps the simulated controller', async () => {
    const s = await setup();
    driver = s.driver;
    await s.driver.register({ placeId: 1, doors: [1, 2, 5] });
    expect(s.driver.simulator(1)!.doorNumbers).toEqual([1, 2, 5]);
    const [state] = await s.driver.readStates(1);
    expect(state).toMatchObject({ online: true });
    expect(state!.doors.map((d) => [d.doorNumber, d.status])).toEqual([
      [1, 2],
      [2, 2],
      [5, 2],
    ]);
    await s.driver.unregister(1);
    expect(await s.driver.readStates()).toEqual([]);
  });
});
