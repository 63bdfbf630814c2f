import type { FastifyInstance } from 'fastify';
import { catalogApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { CatalogService } from './catalog.service.js';

/** Hidden screens /projects, /user-type and /service (docs/adr/0005). */
export async function catalogModule(app: FastifyInstance) {
  const service = new CatalogService(app.db);

  registerRoutes(app, [
    route(api.projects, () => service.projects()),
    route(api.createProject, ({ account, body }) => service.saveProject(account, null, body)),
    route(api.updateProject, ({ account, params, body }) => service.saveProject(account, params.id, body)),
    route(api.deleteProject, ({ account, params }) =>
      service.deleteProject(account, params.id).then(() => null),
    ),
    route(api.userTypes, () => service.userTypes()),
    route(api.saveUserType, ({ account, params, body }) => service.saveUserType(account, params.code, body)),
    route(api.serviceConfig, () => service.serviceConfig()),
    route(api.saveServiceConfig, ({ account, body }) => service.saveServiceConfig(account, body)),
  ]);
}
