import type { FastifyInstance } from 'fastify';
import { catalogApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { CatalogService } from './catalog.service.js';

/** Hidden screens /projects, /user-type and /service (docs/adr/0005). */
export async function catalogModule(app: FastifyInstance) {
  const service = new CatalogService(app.db);

  registerRoutes(app, [
    route(api.projects, () => service.projects()),
    route(api.createProject, ({ body }) => service.saveProject(null, body)),
    route(api.updateProject, ({ params, body }) => service.saveProject(params.id, body)),
    route(api.deleteProject, ({ params }) => service.deleteProject(params.id).then(() => null)),
    route(api.userTypes, () => service.userTypes()),
    route(api.saveUserType, ({ params, body }) => service.saveUserType(params.code, body)),
    route(api.serviceConfig, () => service.serviceConfig()),
    route(api.saveServiceConfig, ({ body }) => service.saveServiceConfig(body)),
  ]);
}
