import { expect, it } from 'vitest';
import { JobRunner } from '../src/lib/jobs.js';
import { describeEachDb } from './helpers/test-app.js';

describeEachDb('periodic jobs', (ctx) => {
  it('runs a job once per period across instances', async () => {
    const a = new JobRunner(ctx.app.db, ctx.app.log);
    const b = new JobRunner(ctx.app.db, ctx.app.log);
    const runs: string[] = [];
    const job = (who: string) => async () => {
      runs.push(who);
    };
    const t0 = Date.now();
    const first = await Promise.all([
      a.runIfDue('sweep', { everyMs: 60_000 }, job('a'), t0),
      b.runIfDue('sweep', { everyMs: 60_000 }, job('b'), t0),
    ]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    // Not due again within the period, whoever asks.
    expect(await b.runIfDue('sweep', { everyMs: 60_000 }, job('b'), t0 + 30_000)).toBe(false);
    // Due after the period.
    expect(await b.runIfDue('sweep', { everyMs: 60_000 }, job('b'), t0 + 61_000)).toBe(true);
    expect(runs).toHaveLength(2);
  });

  it('does not let a second instance in while the lease is held, and records failures', async () => {
    const a = new JobRunner(ctx.app.db, ctx.app.log);
    const b = new JobRunner(ctx.app.db, ctx.app.log);
    let release!: () => void;
    let started!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const holding = new Promise<void>((r) => (started = r));
    const running = a.runIfDue('import', { everyMs: 1 }, () => (started(), slow));
    // Once the job runs, `a` holds the lease (waiting a fixed 50 ms was not enough on a busy machine).
    await holding;
    expect(await b.runIfDue('import', { everyMs: 1 }, async () => {})).toBe(false);
    release();
    expect(await running).toBe(true);
    expect(
      await b.runIfDue(
        'import',
        { everyMs: 1 },
        async () => {
          throw new Error('boom');
        },
        Date.now() + 10,
      ),
    ).toBe(true);
    const row = await ctx.app.db
      .selectFrom('job_locks')
      .selectAll()
      .where('name', '=', 'import')
      .executeTakeFirstOrThrow();
    expect(row.last_error).toBe('boom');
  });
});
