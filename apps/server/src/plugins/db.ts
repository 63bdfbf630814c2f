import fp from 'fastify-plugin';
import type { Db } from '../db/schema.js';
import type { DbHandle } from '../db/connect.js';
import { JobRunner } from '../lib/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
    /** Periodic jobs that run once per period across every instance. */
    jobs: JobRunner;
  }
}

/** Exposes the database handle; the caller (app.ts) owns connecting and migrating. */
export const dbPlugin = fp<{ handle: DbHandle; closeOnShutdown: boolean }>(async (app, opts) => {
  app.decorate('db', opts.handle.db);
  app.decorate('dbHandle', opts.handle);
  const jobs = new JobRunner(opts.handle.db, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.handle.close());
});
