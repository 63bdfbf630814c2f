import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { signIn, callApi } from './helpers/test-app.js';
import { waitFor } from './helpers/fixtures.js';
import { describeOverMqtt } from './helpers/mqtt-suite.js';

/**
 * The device contract of docs/devices.md, end to end: the real server (both databases) on the real
 * Mosquitto, and a controller played by a plain MQTT client, as a firmware author would write it.
 */
const OFFLINE_AFTER_MS = 1500;

describeOverMqtt(
  'device contract over MQTT: clocks, malformed events, heartbeats and the exterior door',
  {
    prefix: 'cacifo-contract',
    timing: { ackTimeoutMs: 1000, resultTimeoutMs: 2000, offlineAfterMs: OFFLINE_AFTER_MS },
  },
  (suite) => {
    const { ctx, place, controller, doorStatuses, settledStatuses, heard, warnings } = suite;
    const reader = async (token: string, placeId: number) => {
      const r = await callApi(ctx.app, token, API.service.status, {});
      return r.body.Data.readers.find((x) => x.placeId === placeId)!;
    };

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
);
