import type { FastifyInstance } from 'fastify';
import { apiKeysApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';

/** Administration > Integrations: partner API keys (issue #24). */
export async function apiKeysModule(app: FastifyInstance) {
  const keys = app.apiKeys;
  registerRoutes(app, [
    route(api.create, ({ account, body }) => keys.create(account, body)),
    route(api.list, ({ account, query }) => keys.list(account, query)),
    route(api.revoke, ({ account, params }) => keys.revoke(account, params.id)),
    route(api.rotate, ({ account, params }) => keys.rotate(account, params.id)),
  ]);
}
