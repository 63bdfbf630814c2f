import type { FastifyInstance } from 'fastify';
import { clientsApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { ClientsService } from './clients.service.js';

/** Clients (issue #31, ADR 0190): Administration > Clients. */
export async function clientsModule(app: FastifyInstance) {
  const clients = new ClientsService(app.db);
  registerRoutes(app, [
    route(api.list, () => clients.list()),
    route(api.create, ({ account, body }) => clients.create(account, body)),
    route(api.update, ({ account, params, body }) => clients.update(account, params.id, body)),
    route(api.setGrants, ({ account, params, body }) => clients.setGrants(account, params.id, body)),
  ]);
}
