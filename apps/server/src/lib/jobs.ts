import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/schema.js';

export interface JobOptions {
  /** How often the job should run across all instances. */
  everyMs: number;
  /** How long one run may hold the lease before another instance may take over. */
  leaseMs?: number;
}

/**
 * Periodic jobs (expiry sweeps, disabling expired users, import tails) that must run once per
 * period across every instance. A row per job in `job_locks` is taken with a compare-and-set
 * UPDATE, portable to SQLite and PostgreSQL: only the instance whose update matched runs the job.
 */
export class JobRunner {
  readonly owner = randomUUID();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Tries to run `name` now; true when this instance ran it. */
  async runIfDue(
    name: string,
    opts: JobOptions,
    fn: () => Promise<void>,
    now = Date.now(),
  ): Promise<boolean> {
    const nowIso = new Date(now).toISOString();
    const dueBefore = new Date(now - opts.everyMs + 1).toISOString();
    await this.db
      .insertInto('job_locks')
      .values({ name, owner: null, locked_until: new Date(0).toISOString(), last_run_at: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await this.db
      .updateTable('job_locks')
      .set({
        owner: this.owner,
        locked_until: new Date(now + (opts.leaseMs ?? 60_000)).toISOString(),
        last_run_at: nowIso,
      })
      .where('name', '=', name)
      .where('locked_until', '<', nowIso)
      .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<', dueBefore)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    let error: string | null = null;
    try {
      await fn();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      this.log.error({ err, job: name }, 'job failed');
    } finally {
      await this.db
        .updateTable('job_locks')
        .set({ locked_until: new Date(0).toISOString(), last_error: error })
        .where('name', '=', name)
        .where('owner', '=', this.owner)
        .execute()
        .catch(() => {});
    }
    return true;
  }

  /** Checks a few times per period so a crashed instance's share is picked up by another. */
  every(name: string, opts: JobOptions, fn: () => Promise<void>): void {
    const tick = () => {
      if (this.stopped) return;
      const p = this.runIfDue(name, opts, fn).catch((err: unknown) =>
        this.log.warn({ err, job: name }, 'job lock failed'),
      );
      this.running.add(p);
      void p.finally(() => this.running.delete(p));
    };
    const t = setInterval(tick, Math.max(1000, Math.floor(opts.everyMs / 4)));
    t.unref();
    this.timers.push(t);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await Promise.allSettled([...this.running]);
  }
}
