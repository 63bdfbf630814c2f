import { defineEndpoints } from '../endpoint.js';
import {
  apiKeyCreatedSchema,
  apiKeyIdParamsSchema,
  apiKeyListQuerySchema,
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
} from '../schemas/api-keys.js';

/** Partner API keys (issue #24), Administration > Integrations: admins only, each change logged. */
export const apiKeysApi = defineEndpoints('apiKeys', {
  create: {
    method: 'POST',
    path: '/api/admin/api-keys',
    permission: 'integrations.manage',
    summary: 'Make a key for a partner: its secret (Data.key) is answered this once',
    body: createApiKeySchema,
    reply: apiKeyCreatedSchema,
    errors: ['clientDisabled'],
  },
  list: {
    method: 'GET',
    path: '/api/admin/api-keys',
    permission: 'integrations.manage',
    summary: 'Keys with their scopes, prefix, creator and last use (revoked ones on request)',
    query: apiKeyListQuerySchema,
    reply: apiKeyListSchema,
  },
  revoke: {
    method: 'DELETE',
    path: '/api/admin/api-keys/:id',
    permission: 'integrations.manage',
    summary: 'Revoke a key: it answers 401 from now on (the row stays for the record)',
    params: apiKeyIdParamsSchema,
    reply: apiKeySchema,
    errors: ['notFound'],
  },
  rotate: {
    method: 'POST',
    path: '/api/admin/api-keys/:id/rotate',
    permission: 'integrations.manage',
    summary: 'A new secret for the key (answered once); the old one stops working at once',
    params: apiKeyIdParamsSchema,
    reply: apiKeyCreatedSchema,
    errors: ['notFound', 'stateNotAllowed'],
  },
});
