import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Envelope, FieldErrors, Permission } from '@cacifo/contract';
import { AppError } from './errors.js';
import type { Account } from '../plugins/auth.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteContext<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  /** The caller; routes with a non-public permission always have one. */
  account: Account | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDef<Q = unknown, B = unknown, P = unknown, R = unknown> {
  method: Method;
  url: string;
  /** Required: a route without a permission cannot be registered (see plugins/auth.ts). */
  permission: Permission;
  summary?: string;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  /** Returns `Data`; the envelope is added here. Throw AppError for failures. */
  handler(ctx: RouteContext<Q, B, P>): Promise<R> | R;
}

/** Identity helper that infers the handler's types from the schemas. */
export function defineRoute<Q = unknown, B = unknown, P = unknown, R = unknown>(
  def: RouteDef<Q, B, P, R>,
): RouteDef<Q, B, P, R> {
  return def;
}

export function ok<T>(data: T, description = ''): Envelope<T> {
  return { ResultCode: 1, Data: data, Description: description };
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return value as T;
  // No body at all reads as {}; an explicit JSON null is a body, and an invalid one.
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = [where, ...issue.path.map(String)].join('.');
    fields[path] ??= issue.message;
  }
  throw new AppError('invalidInput', fields);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route keeps its own inferred types
type AnyRoute = RouteDef<any, any, any, any>;

export function registerRoutes(app: FastifyInstance, routes: readonly AnyRoute[]) {
  for (const r of routes as readonly RouteDef[]) {
    app.route({
      method: r.method,
      url: r.url,
      config: { permission: r.permission, schemas: { body: r.body, query: r.query, params: r.params } },
      handler: async (req, reply) => {
        // Validation runs after authentication (onRequest), so a visitor gets 401, not 400.
        const ctx: RouteContext<unknown, unknown, unknown> = {
          params: parse(r.params, req.params, 'params'),
          query: parse(r.query, req.query, 'query'),
          body: parse(r.body, req.body, 'body'),
          account: req.account,
          req,
          reply,
        };
        const data = await r.handler(ctx);
        if (reply.sent) return reply;
        return ok(data ?? null);
      },
    });
  }
}
