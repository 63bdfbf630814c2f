import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ID_DIGITS,
  issueMessageKey,
  type Endpoint,
  type EndpointSpec,
  type Envelope,
  type FieldErrors,
  type HandlerReplyOf,
  type OutputOf,
  type PartnerPermission,
  type Permission,
} from '@cacifo/contract';
import { AppError } from './errors.js';
import type { Account, ApiKeyCaller, KioskCaller } from './account.js';
import { breachUnaudited, checkReply, replySerializer } from './reply-contract.js';
import { AUDIT_EXEMPT, isStaff, withAuditTrail } from './audit-trail.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface RouteContext<
  Q,
  B,
  P,
  A extends Account | null = Account | null,
  K extends ApiKeyCaller | null = ApiKeyCaller | null,
  S extends KioskCaller | null = KioskCaller | null,
> {
  query: Q;
  body: B;
  params: P;
  /** The caller: never null on a back-office route whose permission is not `public`. */
  account: A;
  /** The partner's API key: set on partner routes (issue #24), and only there. */
  apiKey: K;
  /** On kiosk routes (`kiosk.use`): the screen and the place it is bound to; null elsewhere. */
  screen: S;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler of endpoint `E` receives: its parsed parts, and the account its permission implies. */
export type EndpointContext<E extends EndpointSpec> = RouteContext<
  OutputOf<E['query']>,
  OutputOf<E['body']>,
  OutputOf<E['params']>,
  E['permission'] extends 'public'
    ? Account | null
    : E['permission'] extends PartnerPermission
      ? null
      : Account,
  E['permission'] extends PartnerPermission ? ApiKeyCaller : null,
  E['permission'] extends 'kiosk.use' ? KioskCaller : null
>;

export interface RouteDef<Q = unknown, B = unknown, P = unknown, R = unknown> {
  method: Method;
  url: string;
  /** Required: a route without a permission cannot be registered (see plugins/auth.ts). */
  permission: Permission;
  summary?: string;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  /** The contract entry this route implements (issue #21); its reply is checked in tests. */
  endpoint?: Endpoint;
  /** Returns `Data`; the envelope is added here. Throw AppError for failures. */
  handler(ctx: RouteContext<Q, B, P>): Promise<R> | R;
}

/** Identity helper that infers the handler's types from the schemas (routes not yet in the contract). */
export function defineRoute<Q = unknown, B = unknown, P = unknown, R = unknown>(
  def: RouteDef<Q, B, P, R>,
): RouteDef<Q, B, P, R> {
  return def;
}

/**
 * The route of one contract endpoint: method, path, permission and schemas come from the entry,
 * the handler is the one line that calls a service. Its return type is the reply schema's.
 */
export function route<E extends Endpoint>(
  endpoint: E,
  handler: (ctx: EndpointContext<E>) => Promise<HandlerReplyOf<E>> | HandlerReplyOf<E>,
): RouteDef {
  return {
    method: endpoint.method,
    url: endpoint.path,
    permission: endpoint.permission,
    summary: endpoint.summary,
    query: endpoint.query,
    body: endpoint.body,
    params: endpoint.params,
    endpoint,
    handler: handler as RouteDef['handler'],
  };
}

function ok<T>(data: T, description = ''): Envelope<T> {
  return { ResultCode: 1, Data: data, Description: description };
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return value as T;
  // No body at all reads as {}; an explicit JSON null is a body, and an invalid one.
  const input = value === undefined ? {} : value;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = [where, ...issue.path.map(String)].join('.');
    fields[path] ??= issueMessageKey(issue, input);
  }
  throw new AppError('invalidInput', fields);
}

/**
 * A kiosk acts on its own place only: a placeId it names in the query or body (older screens still
 * send one) must be that place, or the call is refused before validation or any service runs, so
 * the answer is the same whatever else the request holds (issue #20).
 */
function confineToPlace(screen: KioskCaller, req: FastifyRequest) {
  for (const part of [req.query, req.body]) {
    if (typeof part !== 'object' || part === null || !('placeId' in part)) continue;
    const placeId = (part as { placeId: unknown }).placeId;
    // A placeId that is no id where it stands (`true`, `[5]`, `1.5`, `"5"` in JSON, `+5` in a
    // query) is left to validation, which answers 400 invalidInput (issue #31).
    const wellFormed =
      part === req.query
        ? typeof placeId === 'string' && ID_DIGITS.test(placeId)
        : Number.isSafeInteger(placeId) && (placeId as number) > 0;
    if (placeId !== undefined && !wellFormed) continue;
    if (placeId === undefined || String(placeId) !== String(screen.place.id)) throw new AppError('forbidden');
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route keeps its own inferred types
type AnyRoute = RouteDef<any, any, any, any>;

/**
 * A staff write runs in an audit trail: when it succeeds without writing an admin log (or order
 * history) row, that is a defect of the route, recorded as a contract breach where checks are on
 * (every server test fails on it) and logged elsewhere. Reads, partners, kiosks and the exempt
 * list (audit-trail.ts) are not trailed.
 */
async function runAudited(app: FastifyInstance, r: RouteDef, ctx: RouteContext<unknown, unknown, unknown>) {
  const account = ctx.account;
  const id = r.endpoint?.id ?? `${r.method} ${r.url}`;
  if (r.method === 'GET' || !account || !isStaff(account.role) || id in AUDIT_EXEMPT) return r.handler(ctx);
  const { result, audited } = await withAuditTrail(() => r.handler(ctx));
  if (!audited) {
    const message = `${r.method} ${r.url} (${id}): a staff write by ${account.role} left no admin log row`;
    if (app.config.contractChecks) breachUnaudited(message);
    else ctx.req.log.error({ route: id }, message);
  }
  return result;
}

export function registerRoutes(app: FastifyInstance, routes: readonly AnyRoute[]) {
  for (const r of routes as readonly RouteDef[]) {
    const endpoint = r.endpoint;
    const serializer = endpoint ? replySerializer(endpoint) : undefined;
    app.route({
      method: r.method,
      url: r.url,
      config: {
        permission: r.permission,
        schemas: { body: r.body, query: r.query, params: r.params },
        ...(endpoint ? { endpoint } : {}),
      },
      ...(serializer ? { serializerCompiler: () => serializer, schema: { response: { 200: {} } } } : {}),
      handler: async (req, reply) => {
        // Validation runs after authentication (onRequest), so a visitor gets 401, not 400.
        if (req.kioskScreen) confineToPlace(req.kioskScreen, req);
        const ctx: RouteContext<unknown, unknown, unknown> = {
          params: parse(r.params, req.params, 'params'),
          query: parse(r.query, req.query, 'query'),
          body: parse(r.body, req.body, 'body'),
          account: req.account,
          apiKey: req.apiKey,
          screen: req.kioskScreen,
          req,
          reply,
        };
        const data = await runAudited(app, r, ctx);
        // A handler that answered by itself (a streamed download returns the reply it sent).
        if (reply.sent || data === reply) return reply;
        if (endpoint && app.config.contractChecks) checkReply(endpoint, data ?? null);
        return ok(data ?? null);
      },
    });
  }
}
