import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';

/** Alert actions (issue #27): acknowledge (who, when, note), open the door; a jam stays until closed. */
describeEachDb('alert actions', (ctx) => {
  it('acknowledges a jam without clearing it; only the door reporting closed ends the alert', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const security = await signIn(ctx.app, 'security');
    const dash = await signIn(ctx.app, 'dash');
    const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
    const locker = lockers[0]!;
    const sim = ctx.app.devices.simulator!.simulator(placeId)!;
    const alertOf = async () => {
      await ctx.app.devices.events.drain();
      const r = await callApi(ctx.app, admin.token, API.alerts.list, { query: { max_results: 100 } });
      return r.body.Data.alerts.find((a) => a.id === locker.id);
    };
    const acknowledge = (token: string, id: number, note?: string) =>
      callApi(ctx.app, token, API.alerts.acknowledge, {
        params: { id },
        body: note === undefined ? {} : { note },
      });

    // A door that is not in alert has nothing to acknowledge.
    expect((await acknowledge(admin.token, locker.id)).body.Description).toBe('notInAlert');
    expect((await acknowledge(admin.token, 999999)).status).toBe(404);

    sim.setFault('jam', 1);
    const open = await callApi(ctx.app, admin.token, API.locations.openLocker, { params: { id: locker.id } });
    expect([open.status, open.body.Description]).toEqual([409, 'doorJammed']);
    await waitFor(async () => (await alertOf())?.doorStatus === 3);
    expect((await alertOf())!.acknowledged).toBeNull();

    // The dash role watches but does not answer; security does.
    expect((await acknowledge(dash.token, locker.id, 'x')).status).toBe(403);
    const acked = await acknowledge(security.token, locker.id, '  Porta presa, técnico chamado.  ');
    expect(acked.status).toBe(200);
    expect(acked.body.Data).toMatchObject({
      id: locker.id,
      doorStatus: 3,
      acknowledged: { by: expect.any(String), note: 'Porta presa, técnico chamado.' },
    });
    const log = await ctx.app.db
      .selectFrom('admin_logs')
      .select(['admin_id', 'locker_id'])
      .where('action', '=', 907)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ admin_id: security.id, locker_id: locker.id });
    // Acknowledged, still an alert: still listed and counted.
    expect(await alertOf()).toMatchObject({
      doorStatus: 3,
      acknowledged: { note: 'Porta presa, técnico chamado.' },
    });
    const count = await callApi(ctx.app, admin.token, API.alerts.count, {});
    expect(count.body.Data.count).toBeGreaterThanOrEqual(1);

    // The technician frees the door and closes it: the controller reports closed, the alert ends.
    sim.clearFault('jam', 1);
    sim.closeByHand(1);
    await waitFor(async () => (await alertOf()) === undefined);

    // A new jam is a new alert: nobody has acknowledged it yet.
    sim.setFault('jam', 1);
    await callApi(ctx.app, admin.token, API.locations.openLocker, { params: { id: locker.id } });
    await waitFor(async () => (await alertOf())?.doorStatus === 3);
    expect((await alertOf())!.acknowledged).toBeNull();
  });
});
