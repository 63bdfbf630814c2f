import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ControllerMessage, DeviceEvent } from '@cacifo/contract';
import { SimulatedController } from './controller.js';

function setup(options: Partial<ConstructorParameters<typeof SimulatedController>[0]> = {}) {
  const controller = new SimulatedController({
    placeId: 1,
    doors: 3,
    openLatencyMs: 100,
    autoCloseMs: 1000,
    ...options,
  });
  const messages: ControllerMessage[] = [];
  controller.onMessage((m) => messages.push(m));
  controller.start();
  const events = () => messages.filter((m) => m.topic === 'event').map((m) => m.payload as DeviceEvent);
  const open = (door: number, commandId = `c${door}`) =>
    controller.handleCommand({ action: 'open', commandId, door, at: Date.now() });
  return { controller, messages, events, open };
}

/** Every controller message carries its boot and sequence number (checked in their own test). */
const seq = () => ({ boot: expect.any(Number), seq: expect.any(Number) });

describe('SimulatedController', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('numbers every event and snapshot in one boot; a new run has a greater boot', () => {
    const { controller, messages, open } = setup();
    open(1);
    vi.advanceTimersByTime(1100);
    controller.placeTag(2, 'T');
    const stamped = messages.filter((m) => m.topic !== 'connection').map((m) => m.payload as DeviceEvent);
    expect(new Set(stamped.map((m) => m.boot))).toEqual(new Set([controller.boot]));
    expect(stamped.map((m) => m.seq)).toEqual(stamped.map((_, i) => i + 1));
    expect(messages[0]).toMatchObject({
      topic: 'connection',
      payload: { online: true, boot: controller.boot },
    });
    // Started in the same millisecond, the next run still says it is a later one.
    expect(setup().controller.boot).toBeGreaterThan(controller.boot);
    expect(controller.snapshot()).toMatchObject({ boot: controller.boot, seq: stamped.length });
  });

  it('announces itself with connection, snapshot and heartbeat, then beats at the interval', () => {
    const { messages, events } = setup({ heartbeatIntervalMs: 1000 });
    expect(messages.map((m) => m.topic)).toEqual(['connection', 'doors', 'event']);
    vi.advanceTimersByTime(3000);
    expect(events().filter((e) => e.type === 'heartbeat')).toHaveLength(4);
  });

  it('acknowledges, opens after the latency, then closes by itself', () => {
    const { controller, events, open } = setup();
    open(2);
    expect(events().at(-1)).toMatchObject({ type: 'ack', commandId: 'c2', door: 2 });
    vi.advanceTimersByTime(99);
    expect(controller.snapshot().doors[1]).toMatchObject({ open: false, status: 2 });
    vi.advanceTimersByTime(1);
    expect(events().slice(-2)).toMatchObject([
      { type: 'door', door: 2, status: 0, open: true, commandId: 'c2' },
      { type: 'commandResult', commandId: 'c2', outcome: 'opened' },
    ]);
    vi.advanceTimersByTime(1000);
    expect(events().at(-1)).toMatchObject({ type: 'door', door: 2, status: 2, open: false });
    expect(events().at(-1)).not.toHaveProperty('commandId');
  });

  it('answers alreadyOpen for an open door and shares one opening between two commands', () => {
    const { events, open } = setup();
    open(1, 'a');
    open(1, 'b');
    vi.advanceTimersByTime(100);
    const results = events().filter((e) => e.type === 'commandResult');
    expect(results.map((r) => [r.commandId, r.outcome])).toEqual([
      ['a', 'opened'],
      ['b', 'opened'],
    ]);
    open(1, 'c');
    expect(events().at(-1)).toMatchObject({ type: 'commandResult', commandId: 'c', outcome: 'alreadyOpen' });
  });

  it('jams: acknowledges but the door stays closed with alert 3, cleared by closing it by hand', () => {
    const { controller, events, open } = setup();
    controller.setFault('jam', 3);
    open(3);
    vi.advanceTimersByTime(100);
    expect(events().slice(-2)).toMatchObject([
      { type: 'door', door: 3, status: 3, open: false },
      { type: 'commandResult', outcome: 'jammed' },
    ]);
    controller.closeByHand(3);
    expect(controller.snapshot().doors[2]).toMatchObject({ status: 2 });
  });

  it('timeout: a door or the whole controller does not answer at all', () => {
    const { controller, events, open } = setup();
    controller.setFault('timeout', 1);
    open(1);
    open(2);
    vi.advanceTimersByTime(100);
    expect(events().flatMap((e) => ('commandId' in e && e.commandId ? [e.commandId] : []))).toEqual([
      'c2',
      'c2',
      'c2',
    ]);
    controller.clearFault('timeout', 1);
    controller.setFault('timeout');
    const before = events().length;
    open(3);
    vi.advanceTimersByTime(100);
    expect(events().filter((e) => e.type !== 'heartbeat')).toHaveLength(before - 1);
  });

  it('offline: silent with no heartbeats, still changes physically, re-announces when it comes back', () => {
    const { controller, messages, events, open } = setup({ heartbeatIntervalMs: 500 });
    controller.setFault('offline');
    const before = messages.length;
    open(1);
    controller.openByHand(2);
    vi.advanceTimersByTime(600);
    expect(messages).toHaveLength(before);
    controller.clearFault('offline');
    expect(messages.slice(before).map((m) => m.topic)).toEqual(['connection', 'doors', 'event']);
    expect(controller.snapshot().doors[1]).toMatchObject({ open: true, status: 1 });
    expect(events().at(-1)).toMatchObject({ type: 'heartbeat' });
  });

  it('a door pulled open with no command reports alert 1 without a command id', () => {
    const { events, controller } = setup({ autoCloseMs: null });
    controller.openByHand(2);
    expect(events().at(-1)).toEqual({
      type: 'door',
      door: 2,
      status: 1,
      open: true,
      at: Date.now(),
      ...seq(),
    });
    vi.advanceTimersByTime(60_000);
    expect(controller.snapshot().doors[1]).toMatchObject({ open: true });
    controller.closeByHand(2);
    expect(events().at(-1)).toMatchObject({ type: 'door', door: 2, status: 2, open: false });
  });

  it('a commanded door left open turns to alert 11', () => {
    const { events, open } = setup({ autoCloseMs: null, leftOpenAfterMs: 5000 });
    open(1);
    vi.advanceTimersByTime(5100);
    expect(events().at(-1)).toMatchObject({ type: 'door', door: 1, status: 11, open: true });
  });

  it('reports tags placed and removed, in events and in the snapshot', () => {
    const { controller, events } = setup();
    controller.placeTag(1, 'TAG-1');
    controller.placeTag(1, 'TAG-1');
    expect(controller.snapshot().doors[0]?.tags).toEqual(['TAG-1']);
    controller.removeTag(1, 'TAG-1');
    const tags = events().filter((e) => e.type === 'tag');
    expect(tags.map((t) => t.present)).toEqual([true, false]);
    expect(() => controller.placeTag(9, 'x')).toThrow(/no door 9/);
  });

  it('applies the server config: left-open threshold and heartbeat period', () => {
    const { controller, events, open } = setup({ autoCloseMs: null, heartbeatIntervalMs: 1000 });
    controller.applyConfig({ placeId: 2, leftOpenAfterMs: 10, heartbeatIntervalMs: 5, at: 0 });
    expect(controller.getTiming()).toMatchObject({ leftOpenAfterMs: null, heartbeatIntervalMs: 1000 });
    controller.applyConfig({ placeId: 1, leftOpenAfterMs: 2000, heartbeatIntervalMs: 500, at: 0 });
    const beats = events().filter((e) => e.type === 'heartbeat').length;
    vi.advanceTimersByTime(1000);
    expect(events().filter((e) => e.type === 'heartbeat').length - beats).toBe(2);
    open(1);
    vi.advanceTimersByTime(2100);
    expect(events().at(-1)).toMatchObject({ type: 'door', door: 1, status: 11, open: true });
  });

  it('opens the exterior door with its purpose; refuses without one; faults and hands apply to it', () => {
    const { controller, events } = setup({ exteriorDoor: true });
    expect(controller.snapshot().exterior).toEqual({ status: 2, open: false });
    controller.handleCommand({ action: 'openExterior', commandId: 'x1', purpose: 'pickup', at: 0 });
    expect(events().at(-1)).toEqual({ type: 'ack', commandId: 'x1', at: Date.now(), ...seq() });
    vi.advanceTimersByTime(100);
    expect(events().slice(-2)).toEqual([
      {
        type: 'exteriorDoor',
        status: 0,
        open: true,
        commandId: 'x1',
        purpose: 'pickup',
        at: Date.now(),
        ...seq(),
      },
      { type: 'commandResult', commandId: 'x1', outcome: 'opened', at: Date.now(), ...seq() },
    ]);
    vi.advanceTimersByTime(1000);
    expect(events().at(-1)).toEqual({
      type: 'exteriorDoor',
      status: 2,
      open: false,
      at: Date.now(),
      ...seq(),
    });
    controller.setFault('jam', 'exterior');
    controller.handleCommand({ action: 'openExterior', commandId: 'x2', purpose: 'deposit', at: 0 });
    vi.advanceTimersByTime(100);
    expect(events().at(-1)).toMatchObject({ type: 'commandResult', commandId: 'x2', outcome: 'jammed' });
    expect(controller.faults().exterior).toEqual(['jam']);
    controller.clearFault();
    controller.openByHand('exterior');
    expect(events().at(-1)).toMatchObject({ type: 'exteriorDoor', status: 1, open: true });
    expect(controller.snapshot().doors).toHaveLength(3);

    const plain = setup();
    plain.controller.handleCommand({ action: 'openExterior', commandId: 'x3', purpose: 'deposit', at: 0 });
    expect(plain.events().at(-1)).toMatchObject({
      type: 'commandResult',
      outcome: 'failed',
      reason: 'noExteriorDoor',
    });
    expect(plain.controller.snapshot()).not.toHaveProperty('exterior');
  });

  it('starts with the tags it is given, on doors it has', () => {
    const { controller } = setup({
      tags: new Map([
        [2, ['T-2']],
        [9, ['T-9']],
      ]),
    });
    expect(controller.snapshot().doors.map((d) => d.tags)).toEqual([[], ['T-2'], []]);
  });

  it('fails a command for a door it does not have, and stops cleanly', () => {
    const { controller, events, messages, open } = setup();
    open(42);
    expect(events().at(-1)).toMatchObject({
      type: 'commandResult',
      outcome: 'failed',
      reason: 'unknownDoor',
    });
    controller.stop();
    expect(messages.at(-1)).toMatchObject({ topic: 'connection', payload: { online: false } });
    expect(vi.getTimerCount()).toBe(0);
  });
});
