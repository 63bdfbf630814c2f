import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { signIn, callApi } from './helpers/test-app.js';
import { waitFor } from './helpers/fixtures.js';
import { describeOverMqtt } from './helpers/mqtt-suite.js';
import { createAsset } from './helpers/asset-fixtures.js';

/**
 * The device contract of docs/devices.md, end to end: the real server (both databases) on the real
 * Mosquitto, and a controller played by a plain MQTT client, as a firmware author would write it.
 */
const OFFLINE_AFTER_MS = 1500;

describeOverMqtt(
  'device contract over MQTT: presence, commands and tags',
  {
    prefix: 'cacifo-contract',
    timing: { ackTimeoutMs: 1000, resultTimeoutMs: 2000, offlineAfterMs: OFFLINE_AFTER_MS },
  },
  (suite) => {
    const { ctx, place, controller, doorStatuses, settledStatuses, heard } = suite;
    const reader = async (token: string, placeId: number) => {
      const r = await callApi(ctx.app, token, API.service.status, {});
      return r.body.Data.readers.find((x) => x.placeId === placeId)!;
    };

    it('a controller never heard turns its doors to 255 on the grid, as service status says; config is retained', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const p = await place(3);
      expect(await doorStatuses(p.placeId)).toEqual([2, 2, 2]);
      await settledStatuses(p.placeId, [255, 255, 255]);
      const grid = await callApi(ctx.app, admin.token, API.locations.lockers, { params: { id: p.placeId } });
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
        callApi(ctx.app, admin.token, API.locations.openLocker, { params: { id: p.lockers[i]!.id } });

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
  },
);
