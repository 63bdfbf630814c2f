import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  API_KEY_PREFIX,
  apiScopeOf,
  can,
  isPermission,
  permissionEnabled,
  ROLE,
  type Endpoint,
  type Permission,
  type Role,
} from '@cacifo/contract';
import { AppError } from '../lib/errors.js';
import type { Account, ApiKeyCaller, KioskCaller } from '../lib/account.js';
import { kioskPlaceRepository } from '../modules/auth/kiosk-place.repository.js';
import { ApiKeysService } from '../modules/api-keys/api-keys.service.js';
import { AdminPinService } from '../modules/auth/admin-pin.service.js';
import { SessionCache } from '../modules/auth/session-cache.js';
import { companyScope } from '../modules/orders/order-access.js';
import { withTenantScope } from '../db/tenant-scope.js';

export interface RouteEntry {
  method: string;
  url: string;
  permission: Permission;
  /** The zod schemas a route validates with, when declared through defineRoute (fuzz tests use them). */
  schemas?: RouteSchemas;
  /** The contract entry the route implements. */
  endpoint?: Endpoint;
}

interface RouteSchemas {
  body?: ZodType | undefined;
  query?: ZodType | undefined;
  params?: ZodType | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null;
    role: Role;
    /** A partner's API key, on the partner routes (issue #24); never together with an account. */
    apiKey: ApiKeyCaller | null;
    /** A screen on a kiosk route, with the place it is bound to (resolved once, here). */
    kioskScreen: KioskCaller | null;
  }
  interface FastifyInstance {
    /** Every registered route with its permission: the authorisation matrix test walks it. */
    routeTable: RouteEntry[];
    /** Checks the acting admin's PIN; throws wrongPin or tooManyAttempts. */
    adminPin: AdminPinService;
    /** Who a bearer token belongs to (null: unknown, expired or revoked), briefly cached. */
    sessions: SessionCache;
    /** Partner API keys: the admin routes' service, and who a `ck_` bearer key belongs to. */
    apiKeys: ApiKeysService;
  }
  interface FastifyContextConfig {
    permission?: Permission;
    schemas?: RouteSchemas;
    endpoint?: Endpoint;
  }
}

const KIOSK_PERMISSION: Permission = 'kiosk.use';

/**
 * The caller's token: the Authorization header only. Never the URL, which every log and proxy on
 * the way keeps (issue #31); a browser's WebSocket, which cannot set headers, sends it as its
 * first message instead (plugins/realtime.ts).
 */
export function bearerToken(authorization: string | undefined): string | null {
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  return null;
}

/**
 * Authentication and authorisation for every route. A route must declare a permission from the
 * contract's table or registration fails; before any handler runs the caller's role is checked
 * against it (deny by default). Missing, expired and revoked tokens all read as 401 sessionExpired.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('account', null);
  app.decorateRequest('role', ROLE.VISITOR);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('kioskScreen', null);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorate('adminPin', new AdminPinService(app.db));
  app.decorate('sessions', new SessionCache(app.db));
  app.decorate('apiKeys', new ApiKeysService(app.db));

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

  // A signed-in caller's replies are theirs alone: no shared or browser cache keeps them (issue #20).
  // Token answers, granted or refused, carry tokens or say whether a password was right (RFC 6749 5.1).
  app.addHook('onSend', async (req, reply) => {
    if (req.account || req.apiKey || req.url.startsWith('/oauth/')) reply.header('cache-control', 'no-store');
  });

  app.addHook('onRequest', async (req, reply) => {
    const token = bearerToken(req.headers.authorization);
    if (token?.startsWith(API_KEY_PREFIX)) return authenticateKey(req, reply, token);
    if (token) {
      const account = await app.sessions.account(token);
      if (account) {
        // A copy: the cached account is shared by every request of the token, the address is not.
        req.account = { ...account, address: req.ip };
        req.role = account.role;
      }
    }
    // Unknown routes have no config: the not-found handler answers them.
    const permission = req.routeOptions.config?.permission;
    if (!permission) return;
    if (!permissionEnabled(permission, app.config.modules)) throw new AppError('moduleDisabled');
    // Partner routes take an API key, never a session: a signed-in operator is refused.
    if (apiScopeOf(permission)) throw new AppError(req.account ? 'forbidden' : 'invalidApiKey');
    if (!can(req.role, permission, app.config.modules))
      throw new AppError(req.account ? 'forbidden' : 'sessionExpired');
    if (permission === KIOSK_PERMISSION) await bindKiosk(req);
  });

  /**
   * A client-scoped caller (a store account, a partner key) runs the rest of its request confined
   * to its client (ADR 0200): the database sees only that client's rows. Entered after the body is
   * read, since the request stream's events do not carry the async context of the hooks before.
   */
  app.addHook('preValidation', (req, _reply, done) => {
    const client = req.apiKey?.company ?? (req.account ? companyScope(req.account) : undefined);
    if (client == null) return done();
    withTenantScope(client, done);
  });

  /**
   * Every kiosk call acts on the screen's own place, and only there (issue #20). The place is read
   * here, once, and handed to the services (RouteContext.screen); an unbound screen can do nothing.
   * A placeId the kiosk still sends is checked against it where the route parses its input.
   */
  async function bindKiosk(req: FastifyRequest) {
    const account = req.account!;
    const place = await kioskPlaceRepository.placeOf(app.db, account.id);
    if (!place) throw new AppError('kioskNotBound');
    req.kioskScreen = { ...account, place };
  }

  /**
   * A `ck_` bearer is a partner API key (issue #24). It reaches only the partner routes of its
   * scopes (403 elsewhere, back-office routes included); unknown or revoked, it is 401. Each
   * request a key makes on a partner route counts against its per-minute limit (429 and Retry-After).
   */
  async function authenticateKey(req: FastifyRequest, reply: FastifyReply, token: string) {
    const permission = req.routeOptions.config?.permission;
    if (!permission) return;
    const scope = apiScopeOf(permission);
    const key = await app.apiKeys.caller(token);
    if (!key) throw new AppError(scope ? 'invalidApiKey' : 'sessionExpired');
    if (key === 'clientDisabled') throw new AppError(scope ? 'clientDisabled' : 'sessionExpired');
    req.apiKey = key;
    if (!permissionEnabled(permission, app.config.modules)) throw new AppError('moduleDisabled');
    if (!scope || !key.scopes.includes(scope)) throw new AppError('forbidden');
    const wait = await app.apiKeys.hit(key.id, app.config.apiKeyRateLimit);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new AppError('rateLimited', { retryAfter: wait });
    }
  }
});
