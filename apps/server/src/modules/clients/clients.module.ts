import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientsApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { ClientsService } from './clients.service.js';
import { RetentionService } from './retention.service.js';
import { UsageService } from './usage.service.js';

const RETENTION_EVERY = { everyMs: 60 * 60_000, leaseMs: 10 * 60_000 };

/** Clients (issue #31, ADRs 0190, 0191): Administration > Clients, usage, recipients' data. */
export const clientsModule = fp(async function clients(app: FastifyInstance) {
  const clients = new ClientsService(app.db);
  const usage = new UsageService(app.db);
  const retention = new RetentionService(app.db);
  // Hourly, by one instance at a time (job_locks lease): anonymises recipients past retention.
  app.jobs.every('clients.retention', RETENTION_EVERY, async () => {
    await retention.runOnce();
  });
  app.decorate('retention', retention);
  registerRoutes(app, [
    route(api.list, () => clients.list()),
    route(api.create, ({ account, body }) => clients.create(account, body)),
    route(api.update, ({ account, params, body }) => clients.update(account, params.id, body)),
    route(api.setGrants, ({ account, params, body }) => clients.setGrants(account, params.id, body)),
    route(api.usage, ({ account, query }) => usage.usage(account, query)),
    route(api.exportUsage, ({ reply, account, query }) => usage.exportUsage(reply, account, query)),
    route(api.recipientData, ({ account, body }) => retention.export(account, body)),
    route(api.eraseRecipientData, ({ account, body }) => retention.erase(account, body)),
  ]);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The recipients' retention job (tests run it directly). */
    retention: RetentionService;
  }
}
