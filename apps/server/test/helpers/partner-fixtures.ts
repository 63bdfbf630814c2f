import type { FastifyInstance } from 'fastify';
import type { ApiKeyCreated, ApiScope } from '@cacifo/contract';
import { call } from './test-app.js';

/** Makes a partner API key through the admin route and answers it (with its secret). */
export async function createApiKey(
  app: FastifyInstance,
  adminToken: string,
  scopes: ApiScope[],
  extra: { name?: string; companyId?: string } = {},
): Promise<ApiKeyCreated> {
  const res = await call<ApiKeyCreated>(app, adminToken, {
    method: 'POST',
    url: '/api/admin/api-keys',
    payload: {
      name: extra.name ?? 'Parceiro de teste',
      scopes,
      ...(extra.companyId ? { companyId: extra.companyId } : {}),
    },
  });
  if (res.status !== 200) throw new Error(`createApiKey: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.Data;
}

export const ALL_SCOPES: ApiScope[] = ['orders:write', 'orders:read', 'lockers:read', 'webhooks:manage'];
