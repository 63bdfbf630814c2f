import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { MqttDriver } from '../src/devices/mqtt-driver.js';
import type { DoorStateEvent } from '../src/devices/locker-driver.js';
import { down, up } from '../src/db/migrations/0120-door-reported-status.js';
import { signIn, callApi } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { describeOverMqtt } from './helpers/mqtt-suite.js';
import { BROKER, captureLogger } from './helpers/raw-controller.js';

/**
 * The server believes only what it can check (issue #32, docs/devices.md "What the server
 * refuses"): the real server (both databases) on the real Mosquitto, and a controller played by a
 * plain MQTT client that says whatever each fault needs.
 */
const CONFIRM_GRACE_MS = 500;
const UNSOLICITED_GRACE_MS = 1000;
const TIMING = {
  ackTimeoutMs: 1000,
  resultTimeoutMs: 2000,
  // The raw controller sends one heartbeat when it connects and none after: a short silence limit
  // turned its doors to 255 midway through a test on a busy machine (the alerts list then empty).
  offlineAfterMs: 30_000,
  confirmGraceMs: CONFIRM_GRACE_MS,
  unsolicitedGraceMs: UNSOLICITED_GRACE_MS,
};

describeOverMqtt(
  'door truth over MQTT: reports the server cannot check',
  { prefix: 'cacifo-truth', timing: TIMING },
  (suite) => {
    const { ctx, run, place, controller, doorStatuses, settledStatuses, heard } = suite;
    /** A place whose controller announced its doors closed and was heard. */
    const wall = async (doors = 3) => {
      const p = await place(doors);
      const c = await controller(p.placeId);
      await c.announce(Array.from({ length: doors }, (_, i) => ({ door: i + 1 })));
      await heard(p.placeId);
      await c.nextCommand('snapshot');
      return { ...p, c };
    };
    const doorEvents = async (placeId: number) =>
      ctx.app.db
        .selectFrom('door_events')
        .select(['door_number', 'door_status', 'previous_status', 'commanded', 'command_id'])
        .where('place_id', '=', placeId)
        .orderBy('id')
        .execute();
    const warnings = (placeId: number) => suite.warnings(placeId).map((l) => String(l.msg));
    const open = async (lockerId: number) => {
      const admin = await signIn(ctx.app, 'admin');
      return callApi(ctx.app, admin.token, API.locations.openLocker, { params: { id: lockerId } });
    };
    /** Longer than the unsolicited grace: what would turn to alert has by now. */
    const pastGrace = () => new Promise((r) => setTimeout(r, UNSOLICITED_GRACE_MS * 2));

    it('a snapshot naming another place is refused, logged and counted', async () => {
      const { placeId, c } = await wall(2);
      await c.client.publishAsync(
        c.topics.doors,
        JSON.stringify({
          placeId: placeId + 1000,
          boot: c.boot,
          seq: ++c.seq,
          at: Date.now(),
          doors: [
            { door: 1, status: 0, open: true, tags: [] },
            { door: 2, status: 1, open: true, tags: [] },
          ],
        }),
        { qos: 1, retain: true },
      );
      await waitFor(async () =>
        run().log.lines.some((l) => l.placeId === placeId && l.reason === 'wrongPlace'),
      );
      const warning = run().log.lines.find((l) => l.placeId === placeId && l.reason === 'wrongPlace')!;
      expect(warning).toMatchObject({ msg: 'device message rejected', namedPlaceId: placeId + 1000 });
      expect((await ctx.app.devices.driver.readStates(placeId))[0]!.rejectedMessages).toBe(1);
      await ctx.app.devices.events.drain();
      expect(await doorStatuses(placeId)).toEqual([2, 2]);
    });

    it('a result opened with no door event is unconfirmed and asks for a snapshot; one trailing its result counts', async () => {
      const { placeId, lockers, c } = await wall(2);
      const opening = open(lockers[0]!.id);
      const cmd = await c.nextCommand('open');
      await c.event({ type: 'ack', commandId: cmd.commandId, door: 1 });
      await c.event({ type: 'commandResult', commandId: cmd.commandId, door: 1, outcome: 'opened' });
      const result = await opening;
      expect(result.body.Data).toMatchObject({ outcome: 'failed', failureReason: 'unconfirmed' });
      expect(await c.nextCommand('snapshot')).toMatchObject({ commandId: expect.any(String) });
      expect(warnings(placeId)).toContain(
        'command result opened without the door event: unconfirmed, snapshot requested',
      );
      // The snapshot says the door is in fact open: the tile shows it.
      await c.snapshot([{ door: 1, status: 0, open: true }, { door: 2 }]);
      await settledStatuses(placeId, [0, 2]);

      // The contract lets the door event come after the result: within the grace it confirms it.
      const second = open(lockers[1]!.id);
      const cmd2 = await c.nextCommand('open');
      await c.event({ type: 'ack', commandId: cmd2.commandId, door: 2 });
      await c.event({ type: 'commandResult', commandId: cmd2.commandId, door: 2, outcome: 'opened' });
      await new Promise((r) => setTimeout(r, CONFIRM_GRACE_MS / 5));
      await c.event({ type: 'door', door: 2, status: 0, open: true, commandId: cmd2.commandId });
      const ok = await second;
      expect([ok.status, ok.body.Data.outcome]).toEqual([200, 'opened']);
      await settledStatuses(placeId, [0, 0]);
      const row = await ctx.app.db
        .selectFrom('door_events')
        .select(['commanded', 'command_id'])
        .where('place_id', '=', placeId)
        .where('door_number', '=', 2)
        .where('door_status', '=', 0)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ commanded: 1, command_id: cmd2.commandId });
    });

    it('a delayed report stamped before newer ones is not applied: the door keeps its newest state', async () => {
      const { placeId, c } = await wall(2);
      // The open is numbered first but the broker delivers it last, after three closes of door 1.
      const delayedSeq = ++c.seq;
      await c.event({ type: 'door', door: 1, status: 1, open: true, at: Date.now() - 3000 });
      await c.event({ type: 'door', door: 1, status: 2, open: false });
      await c.event({ type: 'door', door: 2, status: 1, open: true });
      await c.event({ type: 'door', door: 1, status: 2, open: false });
      const last = c.seq;
      c.seq = delayedSeq - 1;
      await c.event({ type: 'door', door: 1, status: 1, open: true, at: Date.now() - 4000 });
      c.seq = last;
      await settledStatuses(placeId, [2, 1]);
      await waitFor(async () =>
        warnings(placeId).includes('device message older than what is held: not applied'),
      );
      await ctx.app.devices.events.drain();
      expect(await doorStatuses(placeId)).toEqual([2, 1]);
      const rows = (await doorEvents(placeId)).filter((r) => r.previous_status !== 255);
      expect(rows.map((r) => [r.door_number, r.previous_status, r.door_status])).toEqual([
        [1, 2, 1],
        [1, 1, 2],
        [2, 2, 1],
      ]);
    });

    it('the server losing the broker writes no door event for a door that did not change; a change meanwhile is one', async () => {
      const { placeId, c } = await wall(3);
      await c.event({ type: 'door', door: 2, status: 1, open: true });
      await settledStatuses(placeId, [2, 1, 2]);
      const before = (await doorEvents(placeId)).length;
      const driver = ctx.app.devices.driver as MqttDriver;
      driver.client.stream.destroy();
      await settledStatuses(placeId, [255, 255, 255]);
      // While the server cannot hear, door 3 opens with no command (the controller says 1 itself).
      await c.snapshot([{ door: 1 }, { door: 2, status: 1, open: true }, { door: 3, status: 1, open: true }]);
      await settledStatuses(placeId, [2, 1, 1], 10_000);
      const after = (await doorEvents(placeId)).slice(before);
      expect(after.map((r) => [r.door_number, r.previous_status, r.door_status])).toEqual([[3, 2, 1]]);
    });

    it('another instance hears the command on its topic: it credits the door event, drops no result, raises no alert', async () => {
      const { placeId, lockers, c } = await wall(2);
      const log = captureLogger();
      const other = new MqttDriver({ url: BROKER, prefix: run().prefix, logger: log.logger, timing: TIMING });
      try {
        await other.connected;
        await other.register({ placeId, doors: [1, 2] });
        await waitFor(async () => {
          const [state] = await other.readStates(placeId);
          return state?.online && state.doors.every((d) => d.status === 2);
        });
        const seen: DoorStateEvent[] = [];
        other.subscribe((e) => {
          if (e.type === 'doorState' && e.placeId === placeId) seen.push(e);
        });
        const opening = open(lockers[0]!.id);
        const cmd = await c.nextCommand('open');
        await c.event({ type: 'ack', commandId: cmd.commandId, door: 1 });
        await c.event({ type: 'door', door: 1, status: 0, open: true, commandId: cmd.commandId });
        await c.event({ type: 'commandResult', commandId: cmd.commandId, door: 1, outcome: 'opened' });
        expect((await opening).body.Data).toMatchObject({ outcome: 'opened' });
        await waitFor(async () => seen.length > 0);
        await pastGrace();
        expect(seen.map((e) => [e.doorNumber, e.status, e.commanded, e.commandId])).toEqual([
          [1, 0, true, cmd.commandId],
        ]);
        expect(log.lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([]);
      } finally {
        await other.close();
      }
    });

    it('migration 0120 keeps the last reported status of every door, 2 for one that reads 255', async () => {
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 3 });
      // No controller will be heard for it: the driver must not turn its doors to 255 meanwhile.
      await ctx.app.devices.driver.unregister(placeId);
      const db = ctx.app.db;
      await down(db);
      for (const [i, status] of [1, 255, 0].entries())
        await db
          .updateTable('lockers')
          .set({ door_status: status })
          .where('id', '=', lockers[i]!.id)
          .execute();
      await up(db);
      const rows = await db
        .selectFrom('lockers')
        .select(['door_status', 'door_reported_status'])
        .where('place_id', '=', placeId)
        .orderBy('door_number')
        .execute();
      expect(rows.map((r) => [r.door_status, r.door_reported_status])).toEqual([
        [1, 1],
        [255, 2],
        [0, 0],
      ]);
    });
  },
);
