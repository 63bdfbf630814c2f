import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import {
  projectReplySchema,
  projectSchema,
  saveServiceConfigSchema,
  serviceConfigReplySchema,
  userTypeConfigReplySchema,
  userTypeConfigSchema,
  updateProjectSchema,
} from '../schemas/content.js';
import { urlIdSchema } from '../validation.js';

const idParams = z.object({ id: urlIdSchema });

/** Hidden screens /projects, /user-type and /service (docs/adr/0005). */
export const catalogApi = defineEndpoints('catalog', {
  projects: {
    method: 'GET',
    path: '/api/admin/projects',
    permission: 'office.view',
    summary: 'Projects office users belong to',
    reply: z.array(projectReplySchema),
  },
  createProject: {
    method: 'POST',
    path: '/api/admin/projects',
    permission: 'office.manage',
    summary: 'Add a project (409 when the name is taken)',
    body: projectSchema,
    reply: projectReplySchema,
    errors: ['conflict'],
  },
  updateProject: {
    method: 'PUT',
    versioned: true,
    path: '/api/admin/projects/:id',
    permission: 'office.manage',
    summary: 'Rename a project or change its description',
    params: idParams,
    body: updateProjectSchema,
    reply: projectReplySchema,
    errors: ['notFound', 'conflict'],
  },
  deleteProject: {
    method: 'DELETE',
    path: '/api/admin/projects/:id',
    permission: 'office.manage',
    summary: 'Delete a project',
    params: idParams,
    reply: z.null(),
    errors: ['notFound'],
  },
  userTypes: {
    method: 'GET',
    path: '/api/admin/user-types',
    permission: 'office.view',
    summary: 'Office user types with their label and default validity in days',
    reply: z.array(userTypeConfigReplySchema),
  },
  saveUserType: {
    method: 'PUT',
    versioned: true,
    path: '/api/admin/user-types/:code',
    permission: 'office.manage',
    summary: "Set a user type's label and default validity",
    params: z.object({ code: z.string().min(1).max(30) }),
    body: userTypeConfigSchema,
    reply: userTypeConfigReplySchema,
    errors: ['notFound'],
  },
  serviceConfig: {
    method: 'GET',
    path: '/api/admin/service',
    permission: 'tools.manage',
    summary: "The service's configuration: operator, support contacts, language, SMS sender",
    reply: serviceConfigReplySchema,
  },
  saveServiceConfig: {
    method: 'PUT',
    versioned: true,
    path: '/api/admin/service',
    permission: 'tools.manage',
    summary: "Save the service's configuration",
    body: saveServiceConfigSchema,
    reply: serviceConfigReplySchema,
  },
});
