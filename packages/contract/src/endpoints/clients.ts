import { defineEndpoints } from '../endpoint.js';
import {
  clientGrantsSchema,
  clientIdParamsSchema,
  clientListSchema,
  clientSchema,
  createClientSchema,
  updateClientSchema,
} from '../schemas/clients.js';

/** Clients (issue #31, ADR 0190): Administration > Clients, the monthly usage, recipients' data. */
export const clientsApi = defineEndpoints('clients', {
  list: {
    method: 'GET',
    path: '/api/admin/clients',
    permission: 'clients.manage',
    summary: 'Every client with its state, retention and granted locations',
    reply: clientListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/admin/clients',
    permission: 'clients.manage',
    summary: 'A new client (its name unique whatever its case)',
    body: createClientSchema,
    reply: clientSchema,
    errors: ['clientNameTaken'],
  },
  update: {
    method: 'PATCH',
    path: '/api/admin/clients/:id',
    permission: 'clients.manage',
    summary: 'Rename (its orders, keys and accounts follow), disable or enable, or set the retention',
    description:
      "A disabled client's keys answer 401 and its accounts cannot sign in (clientDisabled); its orders stay.",
    params: clientIdParamsSchema,
    body: updateClientSchema,
    reply: clientSchema,
    errors: ['notFound', 'clientNameTaken'],
  },
  setGrants: {
    method: 'PUT',
    path: '/api/admin/clients/:id/grants',
    permission: 'clients.manage',
    summary: 'The locations granted to the client: its keys list and pre-advise to these only',
    params: clientIdParamsSchema,
    body: clientGrantsSchema,
    reply: clientSchema,
    errors: ['notFound'],
  },
});
