import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { API, REALTIME_PATH, type RealtimeMessage } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace, fastSimulator, QUICK_OFFLINE_MS, waitFor } from './helpers/fixtures.js';

describeEachDb(
  'door runtime',
  (ctx) => {
    it('opens a door, records who asked, and follows it closing', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 4 });
      const locker = lockers[1]!;
      const result = await ctx.app.doors.open(locker.id, { actor: { id: admin.id }, reason: 'remoteOpen' });
      expect(result).toMatchObject({
        ok: true,
        outcome: 'opened',
        lockerId: locker.id,
        placeId,
        doorNumber: 2,
      });
      await ctx.app.devices.events.drain();
      const open = await ctx.app.db
        .selectFrom('lockers')
        .select('door_status')
        .where('id', '=', locker.id)
        .executeTakeFirstOrThrow();
      expect(open.door_status).toBe(0);
      const event = await ctx.app.db
        .selectFrom('door_events')
        .selectAll()
        .where('locker_id', '=', locker.id)
        .executeTakeFirstOrThrow();
      expect(event).toMatchObject({ door_status: 0, previous_status: 2, commanded: 1, admin_id: admin.id });
      const cmd = await ctx.app.db
        .selectFrom('door_commands')
        .selectAll()
        .where('command_id', '=', result.commandId)
        .executeTakeFirstOrThrow();
      expect(cmd).toMatchObject({
        outcome: 'opened',
        reason: 'remoteOpen',
        admin_id: admin.id,
        locker_id: locker.id,
      });

      ctx.app.devices.simulator!.simulator(placeId)!.closeByHand(2);
      const closed = await waitFor(async () => {
        await ctx.app.devices.events.drain();
        const r = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', locker.id)
          .executeTakeFirstOrThrow();
        return r.door_status === 2 ? r : null;
      });
      expect(closed.door_status).toBe(2);
    });

    it('reports a jammed door and a timeout as failures, leaving the door closed', async () => {
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 3 });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      sim.setFault('jam', 1);
      const jammed = await ctx.app.doors.open(lockers[0]!.id, { actor: null, reason: 'test' });
      expect(jammed).toMatchObject({ ok: false, outcome: 'jammed' });
      sim.setFault('timeout', 2);
      const timeout = await ctx.app.doors.open(lockers[1]!.id, { actor: null, reason: 'test' });
      expect(timeout).toMatchObject({ ok: false, outcome: 'failed' });
      await ctx.app.devices.events.drain();
      const row = await ctx.app.db
        .selectFrom('lockers')
        .select('door_status')
        .where('id', '=', lockers[1]!.id)
        .executeTakeFirstOrThrow();
      expect(row.door_status).toBe(2);
    });

    it('raises an alert for a door opened with no command', async () => {
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
      const seen: number[] = [];
      const off = ctx.app.bus.on('doorChanged', (e) => {
        if (e.lockerId === lockers[0]!.id) seen.push(e.doorStatus);
      });
      ctx.app.devices.simulator!.simulator(placeId)!.openByHand(1);
      const row = await waitFor(async () => {
        await ctx.app.devices.events.drain();
        const r = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', lockers[0]!.id)
          .executeTakeFirstOrThrow();
        return r.door_status === 1 ? r : null;
      });
      off();
      expect(row.door_status).toBe(1);
      expect(seen).toContain(1);
      const ev = await ctx.app.db
        .selectFrom('door_events')
        .selectAll()
        .where('locker_id', '=', lockers[0]!.id)
        .executeTakeFirstOrThrow();
      expect(ev.commanded).toBe(0);
    });

    it('keeps 503 for a controller that does not answer (doorOpenFailed) or is offline (deviceUnavailable)', async () => {
      const a = await signIn(ctx.app, 'admin');
      const p = await createPlace(ctx.app, { doors: 2 });
      const sim = ctx.app.devices.simulator!.simulator(p.placeId)!;
      const open = (i: number) =>
        callApi(ctx.app, a.token, API.locations.openLocker, { params: { id: p.lockers[i]!.id } });
      sim.setFault('timeout', 1);
      const timeout = await open(0);
      expect([timeout.status, timeout.body.Description]).toEqual([503, 'doorOpenFailed']);
      expect(timeout.body.Data).toMatchObject({ outcome: 'failed', failureReason: 'noAck' });
      sim.clearFault();
      sim.setFault('offline');
      await waitFor(async () => {
        const [state] = await ctx.app.devices.driver.readStates(p.placeId);
        return state!.online ? null : true;
      });
      const offline = await open(1);
      expect([offline.status, offline.body.Description]).toEqual([503, 'deviceUnavailable']);
      expect(offline.body.Data).toMatchObject({ outcome: 'offline' });
      sim.clearFault();
    });

    it('marks the doors of a silent controller offline (255)', async () => {
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
      ctx.app.devices.simulator!.simulator(placeId)!.setFault('offline');
      const row = await waitFor(async () => {
        await ctx.app.devices.events.drain();
        const r = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', lockers[1]!.id)
          .executeTakeFirstOrThrow();
        return r.door_status === 255 ? r : null;
      });
      expect(row.door_status).toBe(255);
      const result = await ctx.app.doors.open(lockers[0]!.id, { actor: null, reason: 'test' });
      expect(result).toMatchObject({ ok: false, outcome: 'offline' });
      // An offline controller degrades the report but does not take the instance out of service.
      const health = await waitFor(async () => {
        const h = await callApi(ctx.app, null, API.shell.health, {});
        return h.body.Data.status === 'degraded' ? h : null;
      });
      // A visitor (a load balancer) is told it is degraded, and the instance stays in rotation.
      expect([health.status, health.body.ResultCode, health.body.Description]).toEqual([200, 0, 'degraded']);
      ctx.app.devices.simulator!.simulator(placeId)!.clearFault('offline');
      await waitFor(async () => {
        await ctx.app.devices.events.drain();
        const r = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', lockers[1]!.id)
          .executeTakeFirstOrThrow();
        return r.door_status === 2 ? r : null;
      });
    });

    it('records a burst of duplicate device events once', async () => {
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 1 });
      const event = {
        type: 'doorState' as const,
        placeId,
        doorNumber: 1,
        status: 0 as const,
        previousStatus: 2 as const,
        open: true,
        commanded: false,
        commandId: null,
        at: new Date(),
      };
      for (let i = 0; i < 25; i++) ctx.app.devices.events.handle({ ...event });
      await ctx.app.devices.events.drain();
      const rows = await ctx.app.db
        .selectFrom('door_events')
        .selectAll()
        .where('locker_id', '=', lockers[0]!.id)
        .execute();
      expect(rows).toHaveLength(1);
      const locker = await ctx.app.db
        .selectFrom('lockers')
        .select('door_status')
        .where('id', '=', lockers[0]!.id)
        .executeTakeFirstOrThrow();
      expect(locker.door_status).toBe(0);
    });

    it('pushes LockerUpdate to an authenticated socket and closes an anonymous one', async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const url = address.replace('http', 'ws') + REALTIME_PATH;
      const admin = await signIn(ctx.app, 'admin');
      const { lockers } = await createPlace(ctx.app, { doors: 2 });

      const anon = new WebSocket(url);
      const anonClosed = new Promise<number>((resolve) => anon.on('close', (code) => resolve(code)));
      anon.on('open', () => anon.send(JSON.stringify({ token: 'forged' })));
      expect(await anonClosed).toBe(4401);

      const ws = new WebSocket(url, { headers: { authorization: `Bearer ${admin.token}` } });
      const messages: RealtimeMessage[] = [];
      await new Promise<void>((resolve) => {
        ws.on('message', (raw: Buffer) => {
          const m = JSON.parse(raw.toString()) as { MsgType: string };
          if (m.MsgType === 'Authenticated') resolve();
          else messages.push(m as RealtimeMessage);
        });
      });
      await ctx.app.doors.open(lockers[0]!.id, { actor: null, reason: 'test' });
      const update = await waitFor(async () =>
        messages.find((m) => m.MsgType === 'LockerUpdate' && m.Data.lockerId === lockers[0]!.id),
      );
      expect(update.Data).toMatchObject({ doorNumber: 1, doorStatus: 0 });
      ws.close();
    });

    it('checks the acting admin PIN and limits wrong guesses', async () => {
      const admin = await signIn(ctx.app, 'admin');
      const { hashSecret } = await import('../src/lib/secrets.js');
      await ctx.app.db
        .updateTable('admins')
        .set({ pin_hash: await hashSecret('4321') })
        .where('id', '=', admin.id)
        .execute();
      await expect(ctx.app.adminPin.verify(admin, '4321')).resolves.toBeUndefined();
      await expect(ctx.app.adminPin.verify(admin, '0000')).rejects.toMatchObject({
        code: 'wrongPin',
        statusCode: 422,
      });
      await expect(ctx.app.adminPin.verify(admin, 'abcd')).rejects.toMatchObject({ code: 'wrongPin' });
      for (let i = 0; i < 3; i++) await ctx.app.adminPin.verify(admin, '1111').catch(() => {});
      await expect(ctx.app.adminPin.verify(admin, '4321')).rejects.toMatchObject({
        code: 'tooManyAttempts',
        statusCode: 429,
      });
      const health = await callApi(ctx.app, admin.token, API.shell.health, {});
      expect(health.body.Data).toMatchObject({ devices: { driver: 'simulator' } });
    });
  },
  { driver: () => fastSimulator(null, QUICK_OFFLINE_MS) },
);
