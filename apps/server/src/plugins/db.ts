import fp from 'fastify-plugin';
import type { Db } from '../db/schema.js';
import type { DbHandle } from '../db/connect.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/** Exposes the database handle; the caller (app.ts) owns connecting and migrating. */
export const dbPlugin = fp<{ handle: DbHandle; closeOnShutdown: boolean }>(async (app, opts) => {
  app.decorate('db', opts.handle.db);
  app.decorate('dbHandle', opts.handle);
  if (opts.closeOnShutdown) app.addHook('onClose', async () => opts.handle.close());
});
