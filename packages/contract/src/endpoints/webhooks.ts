import { defineEndpoints } from '../endpoint.js';
import { apiKeyIdParamsSchema } from '../schemas/api-keys.js';
import {
  deliveryListQuerySchema,
  deliveryListSchema,
  deliveryParamsSchema,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
} from '../schemas/webhooks.js';
import { maxResultsSchema, offsetSchema } from '../validation.js';
import { z } from 'zod';

const admin = { permission: 'integrations.manage' } as const;

/** Partners' webhook endpoints as admins see them (Administration > Integrations, issue #24). */
export const webhooksApi = defineEndpoints('webhooks', {
  list: {
    ...admin,
    method: 'GET',
    path: '/api/admin/webhooks',
    summary: "Every partner's webhook endpoints, disabled ones first",
    query: z.object({ max_results: maxResultsSchema, offset: offsetSchema }),
    reply: webhookListSchema,
  },
  create: {
    ...admin,
    method: 'POST',
    path: '/api/admin/api-keys/:id/webhooks',
    summary: 'Register an endpoint for a partner key; Data.secret is shown once',
    params: apiKeyIdParamsSchema,
    body: webhookInputSchema,
    reply: webhookCreatedSchema,
    errors: ['notFound', 'stateNotAllowed', 'webhookUrlRefused'],
  },
  remove: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/webhooks/:id',
    summary: 'Remove an endpoint',
    params: webhookIdParamsSchema,
    reply: webhookSchema,
    errors: ['notFound'],
  },
  enable: {
    ...admin,
    method: 'POST',
    path: '/api/admin/webhooks/:id/enable',
    summary: 'Turn a disabled endpoint back on (not one whose key is revoked: stateNotAllowed)',
    params: webhookIdParamsSchema,
    reply: webhookSchema,
    errors: ['notFound', 'stateNotAllowed'],
  },
  deliveries: {
    ...admin,
    method: 'GET',
    path: '/api/admin/webhooks/:id/deliveries',
    summary: "An endpoint's delivery log, newest first",
    params: webhookIdParamsSchema,
    query: deliveryListQuerySchema,
    reply: deliveryListSchema,
    errors: ['notFound'],
  },
  redeliver: {
    ...admin,
    method: 'POST',
    path: '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    summary: 'Send a delivery again now',
    params: deliveryParamsSchema,
    reply: webhookDeliverySchema,
    errors: ['notFound'],
  },
});
