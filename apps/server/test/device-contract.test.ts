import { afterAll, beforeAll, expect, it } from 'vitest';
import { MqttDriver } from '../src/devices/mqtt-driver.js';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { createAsset } from './helpers/asset-fixtures.js';
import {
  BROKER,
  captureLogger,
  clearRetained,
  ensureBroker,
  RawController,
  uniquePrefix,
} from './helpers/raw-controller.js';

/**
 * The device contract of docs/devices.md, end to end: the real server (both databases) on the real
 * Mosquitto, and a controller played by a plain MQTT client, as a firmware author would write it.
 */
const OFFLINE_AFTER_MS = 1500;
const runs: Array<{ prefix: string; places: number[]; log: ReturnType<typeof captureLogger> }> = [];

beforeAll(ensureBroker);
afterAll(async () => {
  for (const run of runs) await clearRetained(run.prefix, run.places);
});

describeEachDb(
  'device contract over MQTT',
  (ctx) => {
    const run = () => runs.at(-1)!;
    const controllers: RawController[] = [];
    afterAll(async () => {
      for (const c of controllers) await c.close().catch(() => undefined);
    });
    const place = async (doors = 3) => {
      const p = await createPlace(ctx.app, { doors });
      run().places.push(p.placeId);
      return p;
    };
    const controller = async (placeId: number) => {
      const c = await RawController.connect(placeId, run().prefix);
      controllers.push(c);
      return c;
    };
    const doorStatuses = async (placeId: number) => {
      const rows = await ctx.app.db
        .selectFrom('lockers')
        .select('door_status')
        .where('place_id', '=', placeId)
        .orderBy('door_number')
        .execute();
      return rows.map((r) => r.door_status);
    };
    const settledStatuses = (placeId: number, want: number[]) =>
      waitFor(async () => {
        await ctx.app.devices.events.drain();
        const now = await doorStatuses(placeId);
        return JSON.stringify(now) === JSON.stringify(want) ? now : null;
      }, 4000);
    const reader = async (token: string, placeId: number) => {
      const r = await call<{ readers: Array<Record<string, unknown>> }>(ctx.app, token, {
        method: 'GET',
        url: '/api/service/status',
      });
      return r.body.Data.readers.find((x) => x.placeId === placeId)!;
    };
    /** The server has heard the controller announce itself. */
    const heard = (placeId: number) =>
      waitFor(async () => (await ctx.app.devices.driver.readStates(placeId))[0]?.online);
    const warnings = (placeId: number) =>
      run().log.lines.filter((l) => l.level === 40 && l.placeId === placeId);

    it('a controller never heard turns its doors to 255 on the grid, as service status says; config is retained', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const p = await place(3);
      expect(await doorStatuses(p.placeId)).toEqual([2, 2, 2]);
      await settledStatuses(p.placeId, [255, 255, 255]);
      const grid = await call<{ Lockers: Array<{ doorStatus: number }> }>(ctx.app, admin.token, {
        method: 'GET',
        url: `/api/julian/lockersByPlace/${p.placeId}`,
      });
      expect(grid.body.Data.Lockers.map((l) => l.doorStatus)).toEqual([255, 255, 255]);
      expect(await reader(admin.token, p.placeId)).toMatchObject({ online: false, offlineDoors: 3 });

      // Connecting later, it finds its config waiting (retained): left-open threshold and heartbeat.
      const c = await controller(p.placeId);
      await waitFor(async () => c.configs.length > 0);
      expect(c.configs.at(-1)).toMatchObject({
        placeId: p.placeId,
        leftOpenAfterMs: 5 * 60_000,
        heartbeatIntervalMs: OFFLINE_AFTER_MS / 3,
      });
      await c.announce([{ door: 1 }, { door: 2 }, { door: 3, status: 1, open: true }]);
      await settledStatuses(p.placeId, [2, 2, 1]);
      expect(await reader(admin.token, p.placeId)).toMatchObject({ online: true, offlineDoors: 0 });
      expect(await c.nextCommand('snapshot')).toMatchObject({ commandId: expect.any(String) });
    });

    it('commands: ack, door event, commandResult; a jam answers 409 doorJammed, silence 503 doorOpenFailed', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const p = await place(2);
      const c = await controller(p.placeId);
      await c.announce([{ door: 1 }, { door: 2 }]);
      await heard(p.placeId);
      const open = (i: number) =>
        call<Record<string, unknown>>(ctx.app, admin.token, {
          method: 'GET',
          url: `/api/julian/openLockerById/${p.lockers[i]!.id}`,
        });

      const opened = open(0);
      const cmd = await c.nextCommand('open');
      expect(cmd).toMatchObject({ door: 1, at: expect.any(Number) });
      await c.event({ type: 'ack', commandId: cmd.commandId, door: 1 });
      await c.event({ type: 'door', door: 1, status: 0, open: true, commandId: cmd.commandId });
      await c.event({ type: 'commandResult', commandId: cmd.commandId, door: 1, outcome: 'opened' });
      const ok = await opened;
      expect([ok.status, ok.body.Data.outcome]).toEqual([200, 'opened']);
      await settledStatuses(p.placeId, [0, 2]);
      const row = await ctx.app.db
        .selectFrom('door_events')
        .select(['commanded', 'command_id', 'admin_id'])
        .where('locker_id', '=', p.lockers[0]!.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ commanded: 1, command_id: cmd.commandId, admin_id: admin.id });

      const jamming = open(1);
      const jam = await c.nextCommand('open');
      await c.event({ type: 'ack', commandId: jam.commandId, door: 2 });
      await c.event({ type: 'door', door: 2, status: 3, open: false, commandId: jam.commandId });
      await c.event({ type: 'commandResult', commandId: jam.commandId, door: 2, outcome: 'jammed' });
      const jammed = await jamming;
      expect([jammed.status, jammed.body.Description]).toEqual([409, 'doorJammed']);
      await settledStatuses(p.placeId, [0, 3]);

      const silent = await open(1);
      expect([silent.status, silent.body.Description]).toEqual([503, 'doorOpenFailed']);
      expect(silent.body.Data).toMatchObject({ outcome: 'failed', failureReason: 'noAck' });
    });

    it('after a restart the snapshot is compared with stored tags; present:false counts without a present:true', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const p = await place(3);
      const store = async (tag: string, lockerIndex: number, detected: boolean) => {
        const a = await createAsset(ctx.app, admin.token, { tag });
        await ctx.app.db
          .insertInto('asset_lockers')
          .values({
            asset_id: a.id,
            locker_id: p.lockers[lockerIndex]!.id,
            created_at: new Date().toISOString(),
          })
          .execute();
        await ctx.app.db
          .updateTable('assets')
          .set({ status: 4, tag_status: detected ? 1 : 0 })
          .where('id', '=', a.id)
          .execute();
        return a.id;
      };
      const gone = await store(`GONE-${p.placeId}`, 0, true);
      const back = await store(`BACK-${p.placeId}`, 1, false);
      const later = await store(`LATER-${p.placeId}`, 2, true);
      const tagStatus = async (id: number) =>
        (
          await ctx.app.db
            .selectFrom('assets')
            .select('tag_status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).tag_status;
      const logsOf = async (id: number) =>
        (
          await ctx.app.db
            .selectFrom('asset_logs')
            .select('action_id')
            .where('asset_id', '=', id)
            .orderBy('id')
            .execute()
        ).map((l) => l.action_id);

      // The server has never heard this controller since it started: its snapshot is the truth.
      const c = await controller(p.placeId);
      await c.announce([
        { door: 1 },
        { door: 2, tags: [`BACK-${p.placeId}`] },
        { door: 3, tags: [`LATER-${p.placeId}`] },
      ]);
      await waitFor(async () => {
        await ctx.app.devices.events.drain();
        return (await tagStatus(gone)) === 0 && (await tagStatus(back)) === 1;
      });
      expect((await logsOf(gone)).at(-1)).toBe(9);
      expect((await logsOf(back)).at(-1)).toBe(8);
      expect(await tagStatus(later)).toBe(1);

      // A removal the server was never told the arrival of (it was stored as detected before start).
      await c.event({ type: 'tag', door: 3, tagId: `LATER-${p.placeId}`, present: false });
      await waitFor(async () => {
        await ctx.app.devices.events.drain();
        return (await tagStatus(later)) === 0;
      });
      expect((await logsOf(later)).at(-1)).toBe(9);
    });

    it('an implausible controller clock is replaced by the receive time and logged with the skew', async () => {
      const p = await place(2);
      const c = await controller(p.placeId);
      await c.announce([{ door: 1 }, { door: 2 }]);
      await heard(p.placeId);
      const before = Date.now();
      await c.event({ type: 'door', door: 1, status: 1, open: true, at: 0 });
      await c.event({ type: 'door', door: 2, status: 1, open: true, at: Date.now() + 3 * 86_400_000 });
      await settledStatuses(p.placeId, [1, 1]);
      const rows = await ctx.app.db
        .selectFrom('door_events')
        .select('created_at')
        .where('place_id', '=', p.placeId)
        .where('door_status', '=', 1)
        .execute();
      for (const r of rows) expect(Math.abs(Date.parse(r.created_at) - before)).toBeLessThan(60_000);
      const skews = warnings(p.placeId).filter((l) => typeof l.skewMs === 'number');
      expect(skews).toHaveLength(2);
      expect(skews[0]).toMatchObject({ type: 'door', at: 0, msg: expect.stringContaining('clock') });
      expect(skews[0]!.skewMs as number).toBeLessThan(-before + 60_000);
      expect(skews[1]!.skewMs as number).toBeGreaterThan(2 * 86_400_000);
    });

    it('malformed events are warned with their reason, counted for service status, and change nothing', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const p = await place(2);
      const c = await controller(p.placeId);
      await c.announce([{ door: 1 }, { door: 2 }]);
      await heard(p.placeId);
      await c.raw('{"type":"door",');
      await c.event({ type: 'door', door: 99, status: 1, open: true });
      await c.event({ type: 'door', door: 1, open: true });
      await c.event({ type: 'teleport', door: 1 });
      await c.event({ type: 'tag', door: 42, tagId: 'X', present: true });
      await waitFor(async () => warnings(p.placeId).length >= 5);
      const reasons = warnings(p.placeId).map((l) => l.reason);
      expect(reasons).toEqual(['badJson', 'unknownDoor', 'invalidMessage', 'invalidMessage', 'unknownDoor']);
      expect(warnings(p.placeId)[2]!.issues).toEqual([expect.stringMatching(/^status: /)]);
      expect(warnings(p.placeId)[3]!.issues).toEqual([expect.stringMatching(/^type: /)]);
      expect(warnings(p.placeId).every((l) => l.msg === 'device message rejected')).toBe(true);
      expect(await reader(admin.token, p.placeId)).toMatchObject({ online: true, rejectedMessages: 5 });
      await ctx.app.devices.events.drain();
      expect(await doorStatuses(p.placeId)).toEqual([2, 2]);
    });

    it('heartbeats keep a controller online; its last will turns it offline at once', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const p = await place(2);
      const c = await controller(p.placeId);
      await c.announce([{ door: 1 }, { door: 2 }]);
      await heard(p.placeId);
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, OFFLINE_AFTER_MS / 3));
        await c.event({ type: 'heartbeat', uptimeMs: 2000 + i });
      }
      expect(await reader(admin.token, p.placeId)).toMatchObject({ online: true });
      c.kill();
      await settledStatuses(p.placeId, [255, 255]);
      expect(await reader(admin.token, p.placeId)).toMatchObject({ online: false, offlineDoors: 2 });
    });

    it("opens the wall's exterior door for a deposit and records what the controller reports", async () => {
      const admin = await signIn(ctx.app, 'admin');
      const p = await place(1);
      const c = await controller(p.placeId);
      await c.announce([{ door: 1 }], { exterior: { status: 2, open: false } });
      await heard(p.placeId);
      const seen: Array<Record<string, unknown>> = [];
      const off = ctx.app.bus.on('exteriorDoor', (e) => void seen.push(e));
      const pending = ctx.app.doors.openExterior(p.placeId, 'deposit', {
        actor: { id: admin.id },
        reason: 'test',
      });
      const cmd = await c.nextCommand('openExterior');
      expect(cmd).toMatchObject({ purpose: 'deposit' });
      await c.event({ type: 'ack', commandId: cmd.commandId });
      await c.event({
        type: 'exteriorDoor',
        status: 0,
        open: true,
        commandId: cmd.commandId,
        purpose: 'deposit',
      });
      await c.event({ type: 'commandResult', commandId: cmd.commandId, outcome: 'opened' });
      expect(await pending).toMatchObject({ ok: true, outcome: 'opened', doorNumber: 0, lockerId: null });
      await c.event({ type: 'exteriorDoor', status: 2, open: false });
      await waitFor(async () => {
        await ctx.app.devices.events.drain();
        return seen.length === 2;
      });
      off();
      expect(seen.map((e) => [e.doorStatus, e.commanded, e.purpose])).toEqual([
        [0, true, 'deposit'],
        [2, false, null],
      ]);
      const rows = await ctx.app.db
        .selectFrom('exterior_door_events')
        .select(['door_status', 'commanded', 'purpose', 'admin_id'])
        .where('place_id', '=', p.placeId)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { door_status: 0, commanded: 1, purpose: 'deposit', admin_id: admin.id },
        { door_status: 2, commanded: 0, purpose: null, admin_id: null },
      ]);
      const command = await ctx.app.db
        .selectFrom('door_commands')
        .select(['door_number', 'locker_id', 'outcome'])
        .where('command_id', '=', cmd.commandId as string)
        .executeTakeFirstOrThrow();
      expect(command).toEqual({ door_number: 0, locker_id: null, outcome: 'opened' });
    });
  },
  {
    driver: () => {
      const prefix = uniquePrefix('cacifo-contract');
      const log = captureLogger();
      runs.push({ prefix, places: [], log });
      return new MqttDriver({
        url: BROKER,
        prefix,
        logger: log.logger,
        timing: { ackTimeoutMs: 1000, resultTimeoutMs: 2000, offlineAfterMs: OFFLINE_AFTER_MS },
      });
    },
  },
);
