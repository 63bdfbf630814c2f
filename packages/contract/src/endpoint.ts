import type { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import { apiScopeOf, PERMISSIONS, type Permission } from './permissions.js';

/**
 * One endpoint of the API, described once (issue #21): the server registers its route from this
 * entry (permission and validation included), the web calls it through a typed client, and
 * docs/openapi.json is generated from it. Paths use Fastify's `:name` parameters.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Schema = z.ZodType | undefined;

export interface EndpointSpec {
  method: HttpMethod;
  path: string;
  permission: Permission;
  /** One line for the docs; what the call does, for whom. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Schema of `Data` in a successful reply. `null` for the few routes that do not answer the
   * envelope (file downloads: see `produces`).
   */
  reply: z.ZodType | null;
  /** Failure codes of this endpoint beyond the ones every endpoint of its kind has (see endpointErrors). */
  errors?: readonly ErrorCode[];
  /** Content types of a non-envelope reply (downloads). */
  produces?: readonly string[];
  /** The body is a multipart file upload, read by the handler itself. */
  upload?: boolean;
  /**
   * Serialise replies with the reply's JSON Schema (fast-json-stringify) instead of JSON.stringify.
   * Only where a benchmark showed it faster (docs/performance.md).
   */
  fastSerialize?: boolean;
  /**
   * A POST that honours the `Idempotency-Key` header (issue #24, docs/adr/0040): the same key with
   * the same body replays the first answer without a second effect; with another body it is
   * `idempotencyKeyReused`. Keys are kept 24 h per caller, in the database.
   */
  idempotent?: boolean;
  /**
   * An update of an editable record (issue #20, docs/adr/0027): the body carries `updatedAt` as the
   * editor read it (`versionShape`), and a record changed since answers 409 `staleVersion` with
   * nothing written.
   */
  versioned?: boolean;
}

/** An entry of the endpoint table: the spec plus its id (`<area>.<name>`) and area tag. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  readonly id: string;
  readonly tag: string;
};

/**
 * Declares one area's endpoints. Each gets the id `<tag>.<key>` (query keys and OpenAPI
 * operationIds derive from it) and the area as its docs tag.
 */
export function defineEndpoints<const T extends string, const D extends Record<string, EndpointSpec>>(
  tag: T,
  specs: D,
): { readonly [K in keyof D]: Endpoint<D[K]> } {
  const out: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(specs)) out[key] = { ...spec, id: `${tag}.${key}`, tag };
  return out as { readonly [K in keyof D]: Endpoint<D[K]> };
}

/** What the caller sends in a part (params, query, body): the schema's input, nothing when absent. */
export type InputOf<S extends Schema> = S extends z.ZodType ? z.input<S> : undefined;
/** What the server's handler receives in a part: the schema's parsed output. */
export type OutputOf<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
/** `Data` of a successful reply, as the web receives it. */
export type ReplyOf<E extends EndpointSpec> = E['reply'] extends z.ZodType ? z.output<E['reply']> : never;
/** What a handler returns: anything the reply schema accepts. */
export type HandlerReplyOf<E extends EndpointSpec> = E['reply'] extends z.ZodType
  ? z.input<E['reply']>
  : unknown;

type Part<K extends string, S extends Schema> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };
/** The one argument of a typed call: `{ params, query, body }` as the endpoint declares them. */
export type CallInput<E extends EndpointSpec> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** The query an endpoint takes, as the caller writes it (list screens keep it in their state). */
export type QueryOf<E extends EndpointSpec> = InputOf<E['query']>;

/** The path with its `:name` parameters filled in (URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path in OpenAPI's `{name}` style. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * Every failure code an endpoint can answer: the ones all endpoints share (a framework or server
 * error), the ones its kind brings (a token for non-public calls, validation when it takes input,
 * the module switch), and its own `errors`. Tests check each failure reply against this list.
 */
export function endpointErrors(e: EndpointSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(['internalError', 'invalidRequest']);
  if (apiScopeOf(e.permission)) {
    // A partner route: an API key, its scope, its rate limit (issue #24).
    codes.add('invalidApiKey');
    codes.add('forbidden');
    codes.add('rateLimited');
    codes.add('clientDisabled');
  } else if (e.permission !== 'public') {
    codes.add('sessionExpired');
    codes.add('forbidden');
  }
  if (PERMISSIONS[e.permission].modules.length > 0) codes.add('moduleDisabled');
  // Any endpoint: a string with NUL or an unpaired surrogate anywhere in the request (issue #20).
  codes.add('invalidInput');
  // Every kiosk call needs the screen bound to a place of the right kind (issue #20).
  if (e.permission === 'kiosk.use') codes.add('kioskNotBound');
  if (e.body || e.upload) {
    codes.add('payloadTooLarge');
    codes.add('unsupportedMediaType');
  }
  if (e.idempotent) {
    codes.add('idempotencyKeyReused');
    codes.add('idempotencyKeyInProgress');
  }
  if (e.versioned) codes.add('staleVersion');
  for (const c of e.errors ?? []) codes.add(c);
  return [...codes];
}

/** HTTP status of each code (the contract fixes one per code). */
export const statusOf = (code: ErrorCode) => ERROR_CODES[code];
