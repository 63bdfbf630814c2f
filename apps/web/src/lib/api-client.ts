// Only zod-free contract modules at run time: the sign-in page loads this client (issue #34).
import { RESULT_CODE } from '@cacifo/contract/error-codes';
import { fillPath, type CallInput, type Endpoint, type ReplyOf } from '@cacifo/contract/endpoint';
import type { authApi } from '@cacifo/contract/endpoints/auth';
import { IDEMPOTENCY_HEADER } from '@cacifo/contract/idempotency-header';
import { SIGN_IN_PATHS } from '@cacifo/contract/sign-in-paths';
import type { StoreUser } from '@cacifo/contract';
import { endSession, getSession, updateSession } from './session';
import { ApiError } from './api-error';

// The one way the web talks to the server. It unwraps `{ ResultCode, Data, Description }`, treats
// only ResultCode 1 as success, turns Description codes into translated messages (api-error.ts) and
// ends the session on 401 (the shell then shows "session expired" and goes to /login).
export { ApiError, errorMessage, errorText } from './api-error';

const OAUTH_CLIENT = { client_id: 'cacifo-web', client_secret: 'cacifo-web-secret' } as const;

type Query = Record<string, unknown>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Query;
  body?: unknown;
  /** false for public calls (token, health): no Bearer and a 401 is not a lost session. */
  auth?: boolean;
  /** Use this token instead of the session's (login asks for the role before the session exists). */
  token?: string;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` (endpoints marked `idempotent`): one key per intended write. */
  idempotencyKey?: string | undefined;
}

function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

interface RawReply {
  ResultCode?: unknown;
  Data?: unknown;
  Description?: unknown;
}

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A multipart body sets its own Content-Type (with the boundary).
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body:
      options.body === undefined
        ? undefined
        : multipart
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** Low-level: the parsed envelope, whatever its ResultCode. Network failures become ApiError. */
async function requestEnvelope(path: string, options: RequestOptions = {}) {
  const useAuth = options.auth !== false;
  let token = options.token;
  if (useAuth && !token) {
    await ensureFreshToken();
    token = getSession()?.accessToken;
  }
  let res: Response;
  try {
    res = await send(path, options, token);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('internalError', 0);
  }
  const reply = (await res.json().catch(() => ({}))) as RawReply;
  const description = typeof reply.Description === 'string' ? reply.Description : '';
  if (res.status === 401 && useAuth && !options.token) {
    endSession('expired');
    throw new ApiError('sessionExpired', 401);
  }
  return { status: res.status, reply, description };
}

/** Data of a successful reply; anything but ResultCode 1 throws ApiError with the Description code. */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { status, reply, description } = await requestEnvelope(path, options);
  if (reply.ResultCode !== RESULT_CODE.SUCCESS) {
    throw new ApiError(
      description || (status >= 500 ? 'internalError' : 'invalidRequest'),
      status,
      reply.Data,
    );
  }
  return reply.Data as T;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Use this token instead of the session's (login asks for the role before the session exists). */
  token?: string;
  /**
   * For an endpoint marked `idempotent`: one key per intended write (e.g. `crypto.randomUUID()` made
   * when the form is submitted, reused by its retries), so a double submission writes once.
   */
  idempotencyKey?: string | undefined;
}

/**
 * The typed way to call the server: one contract endpoint, its `{ params, query, body }` as the
 * entry declares them, and `Data` typed by the entry's reply schema. Public endpoints go without
 * a token, and a 401 from them is not a lost session.
 */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: object extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions]
): Promise<ReplyOf<E>> {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: Query; body?: unknown };
  return apiRequest<ReplyOf<E>>(fillPath(endpoint.path, params as Record<string, unknown> | undefined), {
    method: endpoint.method,
    query,
    body: endpoint.method === 'GET' ? undefined : (body ?? (endpoint.method === 'DELETE' ? undefined : {})),
    auth: endpoint.permission !== 'public',
    signal: options?.signal,
    ...(options?.token ? { token: options.token } : {}),
    ...(options?.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
}

/** @deprecated Untyped path calls; use callEndpoint with a contract entry (issue #21). */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

export type TokenData = ReplyOf<typeof authApi.token>;

/** POST oauth/v2/token. Public: a 401 here is a bad client, not a lost session. */
export function requestToken(
  grant:
    | { grant_type: 'password'; username: string; password: string; recaptcha?: string }
    | { grant_type: 'refresh_token'; refresh_token: string },
): Promise<TokenData> {
  return apiRequest<TokenData>(SIGN_IN_PATHS.token, {
    method: 'POST',
    body: { ...grant, ...OAUTH_CLIENT },
    auth: false,
  });
}

/** GET api/store/username/{username} with the token just granted: sign-in asks it before the session exists. */
export function fetchStoreUser(username: string, token: string): Promise<StoreUser> {
  return apiRequest<StoreUser>(fillPath(SIGN_IN_PATHS.storeUser, { username }), { token });
}

/** A public GET by its plain path, for the sign-in page, which loads no endpoint entries. */
export function getPublic<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { auth: false, ...(signal ? { signal } : {}) });
}

export function expiresAtFrom(token: TokenData, now = Date.now()): number {
  return now + Math.max(0, token.expires_in) * 1000;
}

/** Refresh this long before expiry so no call ever goes out with a token about to die. */
export const REFRESH_MARGIN_MS = 60_000;
let refreshing: Promise<void> | null = null;

/** One refresh at a time; a refused refresh ends the session as expired. */
export function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    const session = getSession();
    if (!session?.refreshToken) return;
    try {
      const token = await requestToken({ grant_type: 'refresh_token', refresh_token: session.refreshToken });
      updateSession({
        accessToken: token.access_token,
        refreshToken: token.refresh_token || session.refreshToken,
        expiresAt: expiresAtFrom(token),
      });
    } catch (error) {
      // A network blip should not log anyone out; a refused refresh token should.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) endSession('expired');
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function ensureFreshToken(): Promise<void> {
  if (refreshing) return refreshing;
  const session = getSession();
  if (session && session.expiresAt - Date.now() < REFRESH_MARGIN_MS / 2) await refreshSession();
}

export interface DownloadOptions {
  signal?: AbortSignal | undefined;
  /** Bytes received so far, as they arrive (a long export shows its progress). */
  onProgress?: ((bytes: number) => void) | undefined;
}

/**
 * A file endpoint (`reply: null`, e.g. a list's export): the file as a Blob and its name from
 * Content-Disposition. A refusal still comes as an envelope and throws ApiError like any call.
 */
export async function downloadEndpoint<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: DownloadOptions = {},
): Promise<{ blob: Blob; fileName: string }> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Query };
  await ensureFreshToken();
  const token = getSession()?.accessToken;
  let res: Response;
  try {
    res = await fetch(buildUrl(fillPath(endpoint.path, params), query), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('internalError', 0);
  }
  if (!res.ok || !res.body) {
    const reply = (await res.json().catch(() => ({}))) as RawReply;
    if (res.status === 401) endSession('expired');
    throw new ApiError(
      typeof reply.Description === 'string' ? reply.Description : 'internalError',
      res.status,
    );
  }
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    options.onProgress?.(bytes);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : (plain ?? 'export');
  return { blob: new Blob(parts as BlobPart[], { type: res.headers.get('Content-Type') ?? '' }), fileName };
}

/**
 * A file to an upload endpoint (multipart, field `file`): same session, refresh and envelope rules
 * as callEndpoint, with `Data` typed by the entry.
 */
export function uploadToEndpoint<E extends Endpoint>(
  endpoint: E,
  file: File,
  query?: Query,
): Promise<ReplyOf<E>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ReplyOf<E>>(endpoint.path, { method: endpoint.method, body: form, query });
}
