import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import {
  can,
  isPermission,
  permissionEnabled,
  ROLE,
  type Endpoint,
  type Permission,
  type Role,
} from '@cacifo/contract';
import { AppError } from '../lib/errors.js';
import type { Account } from '../lib/account.js';
import { AdminPinService } from '../modules/auth/admin-pin.service.js';
import { SessionCache } from '../modules/auth/session-cache.js';

export interface RouteEntry {
  method: string;
  url: string;
  permission: Permission;
  /** The zod schemas a route validates with, when declared through defineRoute (fuzz tests use them). */
  schemas?: RouteSchemas;
  /** The contract entry the route implements. */
  endpoint?: Endpoint;
}

export interface RouteSchemas {
  body?: ZodType | undefined;
  query?: ZodType | undefined;
  params?: ZodType | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null;
    role: Role;
  }
  interface FastifyInstance {
    /** Every registered route with its permission: the authorisation matrix test walks it. */
    routeTable: RouteEntry[];
    /** Checks the acting admin's PIN; throws wrongPin or tooManyAttempts. */
    adminPin: AdminPinService;
    /** Who a bearer token belongs to (null: unknown, expired or revoked), briefly cached. */
    sessions: SessionCache;
  }
  interface FastifyContextConfig {
    permission?: Permission;
    schemas?: RouteSchemas;
    endpoint?: Endpoint;
  }
}

function bearerToken(authorization: string | undefined, query: unknown): string | null {
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  // WebSocket clients cannot set headers: SPEC passes the token as a query parameter.
  const q = query as Record<string, unknown> | undefined;
  return typeof q?.token === 'string' && q.token ? q.token : null;
}

/**
 * Authentication and authorisation for every route. A route must declare a permission from the
 * contract's table or registration fails; before any handler runs the caller's role is checked
 * against it (deny by default). Missing, expired and revoked tokens all read as 401 sessionExpired.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('account', null);
  app.decorateRequest('role', ROLE.VISITOR);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorate('adminPin', new AdminPinService(app.db));
  app.decorate('sessions', new SessionCache(app.db));

  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!isPermission(permission)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} has no permission; every route must declare one`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({
        method,
        url: route.url,
        permission,
        ...(route.config?.schemas ? { schemas: route.config.schemas } : {}),
        ...(route.config?.endpoint ? { endpoint: route.config.endpoint } : {}),
      });
    }
  });

  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization, req.query);
    if (token) {
      const account = await app.sessions.account(token);
      if (account) {
        req.account = account;
        req.role = account.role;
      }
    }
    // Unknown routes have no config: the not-found handler answers them.
    const permission = req.routeOptions.config?.permission;
    if (!permission) return;
    if (!permissionEnabled(permission, app.config.modules)) throw new AppError('moduleDisabled');
    if (can(req.role, permission, app.config.modules)) return;
    throw new AppError(req.account ? 'forbidden' : 'sessionExpired');
  });
});
