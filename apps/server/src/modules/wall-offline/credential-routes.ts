import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CREDENTIAL_PERMISSIONS } from './credential-inputs.js';

type Listener = () => void;

export interface CredentialRoutes {
  /** Called after each write answered 2xx (so committed) through a credential route. */
  onWrite(listener: Listener): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    credentialRoutes: CredentialRoutes;
  }
}

/** A write of a credential permission (credential-inputs.ts): GET and HEAD only read. */
function changesCredentials(route: RouteOptions): boolean {
  const permission = route.config?.permission;
  if (!permission || !CREDENTIAL_PERMISSIONS.has(permission)) return false;
  return [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD');
}

/**
 * The wall's credential refresh rides only on the routes whose writes change credentials (issue
 * #34): their own onResponse, added as each is registered, so every other route (each lookup among
 * them) runs none. Registered before the modules, since a route gets it when it is added; the
 * wall's module (registered last, it needs the devices and the orders) listens.
 */
export const credentialRoutesPlugin = fp(async (app) => {
  const listeners = new Set<Listener>();
  app.decorate('credentialRoutes', {
    onWrite(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies CredentialRoutes);

  async function wallCredentialsRefresh(_req: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 300) return;
    for (const listener of listeners) listener();
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!changesCredentials(route)) return;
    route.onResponse = [...[route.onResponse ?? []].flat(), wallCredentialsRefresh];
  });
});
