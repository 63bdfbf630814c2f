import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema, projectSchema, serviceConfigSchema, userTypeConfigSchema } from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { CatalogService } from './catalog.service.js';

const idParams = z.object({ id: idSchema });

/** Hidden screens /projects, /user-type and /service (docs/adr/0005). */
export async function catalogModule(app: FastifyInstance) {
  const service = new CatalogService(app.db);

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/admin/projects',
      permission: 'office.view',
      summary: 'Projects office users belong to',
      handler: () => service.projects(),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/projects',
      permission: 'office.manage',
      body: projectSchema,
      handler: ({ body }) => service.saveProject(null, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/projects/:id',
      permission: 'office.manage',
      params: idParams,
      body: projectSchema,
      handler: ({ params, body }) => service.saveProject(params.id, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/admin/projects/:id',
      permission: 'office.manage',
      params: idParams,
      handler: async ({ params }) => {
        await service.deleteProject(params.id);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/user-types',
      permission: 'office.view',
      summary: 'Office user types with their label and default validity in days',
      handler: () => service.userTypes(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/user-types/:code',
      permission: 'office.manage',
      params: z.object({ code: z.string().min(1).max(30) }),
      body: userTypeConfigSchema,
      handler: ({ params, body }) => service.saveUserType(params.code, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/service',
      permission: 'tools.manage',
      summary: "The service's configuration: operator, support contacts, language, SMS sender",
      handler: () => service.serviceConfig(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/service',
      permission: 'tools.manage',
      body: serviceConfigSchema,
      handler: ({ body }) => service.saveServiceConfig(body),
    }),
  ]);
}
