import { expect, it } from 'vitest';
import { allEndpoints, fillPath, type Endpoint } from '@cacifo/contract';
import { nextUpdatedAt } from '../../src/db/versioned.js';
import { call, describeEachDb, signIn } from '../helpers/test-app.js';
import { apiRoutes } from './route-samples.js';
import { SAMPLES } from './lost-update-samples.js';

it('a new updatedAt is always after the one it replaces, whatever the clock says', () => {
  const t = '2026-03-01T10:00:00.000Z';
  expect(nextUpdatedAt(t, new Date(t))).toBe('2026-03-01T10:00:00.001Z');
  expect(nextUpdatedAt(t, new Date('2026-03-01T09:00:00.000Z'))).toBe('2026-03-01T10:00:00.001Z');
  expect(nextUpdatedAt(t, new Date('2026-03-01T11:00:00.000Z'))).toBe('2026-03-01T11:00:00.000Z');
});

/**
 * Generated from the route table (docs/adr/0027): every route whose contract entry is versioned
 * reads a record, saves it with the `updatedAt` it read, then saves again with that same (now old)
 * value: the second is refused with staleVersion and the record is as the first left it. Two
 * saves sent at once from one version: exactly one wins. Back-to-back saves share a millisecond
 * here, which is the collision the strictly increasing stamp exists for.
 */
describeEachDb('lost updates', (ctx) => {
  it('every versioned update refuses a stale updatedAt and changes nothing', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const versioned = apiRoutes(ctx.app.routeTable)
      .map((r) => r.endpoint)
      .filter((e): e is Endpoint => !!e?.versioned);
    expect(versioned.map((e) => e.id).sort()).toEqual(
      allEndpoints()
        .filter((e) => e.versioned)
        .map((e) => e.id)
        .sort(),
    );
    const failures: string[] = [];
    for (const e of versioned) {
      const sample = SAMPLES[e.id];
      if (!sample) {
        failures.push(`${e.id}: no sample in lost-update-samples.ts`);
        continue;
      }
      const record = await sample(ctx.app, admin.token, async () => (await signIn(ctx.app, 'editor')).token);
      const token = record.token ?? admin.token;
      const put = (n: number, updatedAt: string | null) =>
        call<unknown>(ctx.app, token, {
          method: e.method as 'PUT',
          // Every versioned entry in one walk: its path from the entry, the sample's parameters.
          url: fillPath(e.path, record.params),
          payload: { ...record.edit(n), updatedAt },
        });
      const read = await record.read();
      const first = await put(1, read.updatedAt);
      if (first.status !== 200) {
        failures.push(`${e.id}: first save ${first.status} ${JSON.stringify(first.body)}`);
        continue;
      }
      const saved = await record.read();
      if (saved.updatedAt === read.updatedAt) failures.push(`${e.id}: updatedAt did not move`);
      const stale = await put(2, read.updatedAt);
      if (stale.status !== 409 || stale.body.Description !== 'staleVersion')
        failures.push(`${e.id}: stale save answered ${stale.status} ${stale.body.Description}`);
      expect(await record.read(), `${e.id}: changed by a refused save`).toEqual(saved);
      const both = await Promise.all([put(3, saved.updatedAt), put(4, saved.updatedAt)]);
      const statuses = both.map((r) => r.status).sort();
      if (statuses.join() !== '200,409')
        failures.push(`${e.id}: two saves at once answered ${statuses.join()}`);
    }
    expect(failures).toEqual([]);
    expect(versioned.length).toBeGreaterThanOrEqual(16);
  }, 60_000);
});
