import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  fillPath,
  type AccountRole,
  type CallInput,
  type Endpoint,
  type Envelope,
  type ReplyOf,
} from '@cacifo/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Dialect } from '../../src/db/helpers.js';
import { insertAccount } from '../../src/seed/accounts.js';
import { createTestDb, testDialects, type TestDb } from './test-db.js';
import { fastSimulator } from './fixtures.js';
import type { LockerDriver } from '../../src/devices/locker-driver.js';
import type { DestinationStream } from 'pino';

export const TEST_CLIENT = { client_id: 'cacifo-web', client_secret: 'cacifo-web-secret' };
export const TEST_PASSWORD = 'segredo1';

export interface TestContext {
  dialect: Dialect;
  app: FastifyInstance;
  config: Config;
  db: TestDb;
}

export function testConfig(env: Record<string, string> = {}, dataDir = '/tmp'): Config {
  return loadConfig(
    { LOG_LEVEL: 'silent', SEED_DEMO: '0', DATA_DIR: dataDir, CONTRACT_CHECKS: '1', ...env },
    '/',
  );
}

/**
 * Runs `fn` once per database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), each against
 * a fresh database and a freshly built app. `ctx` is filled in before the tests run.
 */
export function describeEachDb(
  name: string,
  fn: (ctx: TestContext) => void,
  opts: {
    env?: Record<string, string>;
    setup?: (app: FastifyInstance) => void | Promise<void>;
    /** Device driver; a fast simulator whose doors stay open until closed by hand by default. */
    driver?: () => LockerDriver;
    /** Where the app logs (with env LOG_LEVEL): a test that reads the log passes one. */
    logStream?: DestinationStream;
  } = {},
) {
  describe.each(testDialects())(`${name} [%s]`, (dialect) => {
    const ctx = { dialect } as TestContext;
    beforeAll(async () => {
      ctx.db = await createTestDb(dialect);
      ctx.config = testConfig(opts.env, ctx.db.dataDir);
      ctx.app = await buildApp(ctx.config, {
        handle: ctx.db.handle,
        webRoot: '/nonexistent',
        driver: opts.driver?.() ?? fastSimulator(),
        ...(opts.logStream ? { logStream: opts.logStream } : {}),
      });
      await opts.setup?.(ctx.app);
      await ctx.app.ready();
    });
    afterAll(async () => {
      await ctx.app?.close();
      await ctx.db?.drop();
    });
    fn(ctx);
  });
}

let counter = 0;
/** Creates an account of `role` with a unique username and returns its credentials. */
export async function createAccount(
  app: FastifyInstance,
  role: AccountRole,
  extra: { company?: string; username?: string; password?: string } = {},
) {
  const username = extra.username ?? `${role}${++counter}_${Date.now() % 100000}`;
  const password = extra.password ?? TEST_PASSWORD;
  const id = await insertAccount(app.db, {
    username,
    name: `Test ${role}`,
    role,
    password,
    company: extra.company ?? null,
  });
  return { id, username, password };
}

export async function login(app: FastifyInstance, username: string, password = TEST_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/v2/token',
    payload: { grant_type: 'password', username, password, ...TEST_CLIENT },
  });
  if (res.statusCode !== 200) throw new Error(`login failed for ${username}: ${res.body}`);
  return res.json().Data as { access_token: string; refresh_token: string; expires_in: number };
}

/** Creates an account of `role` and logs it in: the usual first line of a test. */
export async function signIn(app: FastifyInstance, role: AccountRole, extra: { company?: string } = {}) {
  const account = await createAccount(app, role, extra);
  const token = await login(app, account.username, account.password);
  return { ...account, token: token.access_token, refreshToken: token.refresh_token };
}

export interface Reply<T = unknown> {
  status: number;
  body: Envelope<T>;
  raw: LightMyRequestResponse;
}

/** app.inject with a bearer token, answering the parsed envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  token: string | null,
  opts: InjectOptions,
): Promise<Reply<T>> {
  const raw = await app.inject({
    ...opts,
    headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: raw.statusCode, body: raw.json() as Envelope<T>, raw };
}

/**
 * A contract endpoint called as the web calls it: method and path from the entry, `:params` filled,
 * the query written as the URL would carry it, the body as JSON. Typed both ways, so a test reads
 * like the API (`callApi(app, token, API.office.users, { query: { search: 'Ana' } })`) and a renamed
 * route or field fails the type check instead of answering 404.
 */
export async function callApi<E extends Endpoint>(
  app: FastifyInstance,
  token: string | null,
  endpoint: E,
  input: CallInput<E>,
  headers: Record<string, string> = {},
): Promise<Reply<ReplyOf<E>>> {
  return call<ReplyOf<E>>(app, token, { ...apiRequest(endpoint, input), headers });
}

/**
 * callApi over real HTTP, for a server running as its own process (the wall tests): the same
 * request from the same contract entry, answered with the status, the data and the description.
 */
export async function fetchApi<E extends Endpoint>(
  base: string,
  token: string | null,
  endpoint: E,
  input: CallInput<E>,
): Promise<{ status: number; data: ReplyOf<E>; description: string }> {
  const { method, url, payload } = apiRequest(endpoint, input);
  const res = await fetch(`${base}${url}`, {
    method: String(method),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const json = (await res.json()) as Envelope<ReplyOf<E>>;
  return { status: res.status, data: json.Data, description: json.Description };
}

/** The request callApi sends (for a test that reads a reply that may be a file, with app.inject). */
export function apiRequest<E extends Endpoint>(endpoint: E, input: CallInput<E>): InjectOptions {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = search.toString();
  return {
    method: endpoint.method,
    url: `${fillPath(endpoint.path, params)}${qs ? `?${qs}` : ''}`,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  };
}
