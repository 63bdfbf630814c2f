import type { FastifyInstance } from 'fastify';
import { API, type ApiKeyCreated, type ApiScope } from '@cacifo/contract';
import { callApi } from './test-app.js';

/**
 * Makes a partner API key through the admin route and answers it (with its secret). Every key
 * belongs to a client (ADR 0100): `companyId`, or by default a client named after the key.
 */
export async function createApiKey(
  app: FastifyInstance,
  adminToken: string,
  scopes: ApiScope[],
  extra: { name?: string; companyId?: string } = {},
): Promise<ApiKeyCreated> {
  const name = extra.name ?? 'Parceiro de teste';
  const res = await callApi(app, adminToken, API.apiKeys.create, {
    body: { name, scopes, companyId: extra.companyId ?? name },
  });
  if (res.status !== 200) throw new Error(`createApiKey: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.Data;
}

export const ALL_SCOPES: ApiScope[] = ['orders:write', 'orders:read', 'lockers:read', 'webhooks:manage'];

/** Grants locations to the client named `client` (ADR 0190): its keys list and pre-advise to them. */
export async function grantPlaces(
  app: FastifyInstance,
  adminToken: string,
  client: string,
  placeIds: number[],
): Promise<void> {
  const list = await callApi(app, adminToken, API.clients.list, {});
  const found = list.body.Data.clients.find((c) => c.name === client);
  if (!found) throw new Error(`grantPlaces: no client ${client}`);
  const res = await callApi(app, adminToken, API.clients.setGrants, {
    params: { id: found.id },
    body: { placeIds: [...new Set([...found.placeIds, ...placeIds])], updatedAt: found.updatedAt },
  });
  if (res.status !== 200) throw new Error(`grantPlaces: ${res.status} ${JSON.stringify(res.body)}`);
}
