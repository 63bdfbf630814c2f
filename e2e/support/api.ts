import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, fillPath, type CallInput, type Endpoint, type Envelope, type ReplyOf } from '@cacifo/contract';
import type { Account } from './accounts';

const CLIENT = { client_id: 'cacifo-web', client_secret: 'cacifo-web-secret' };

export async function tokenFor(request: APIRequestContext, account: Account) {
  const res = await request.post('/oauth/v2/token', {
    data: { grant_type: 'password', username: account.username, password: account.password, ...CLIENT },
  });
  if (!res.ok()) throw new Error(`token for ${account.username}: ${res.status()}`);
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

/**
 * Signs in without the form (the form has its own spec): writes the same `auth` entry the login page
 * writes, then opens `path`.
 */
export async function signIn(page: Page, account: Account, path = '/') {
  const token = await tokenFor(page.request, account);
  const user = await callApi(page.request, token.access_token, API.auth.storeUser, {
    params: { username: account.username },
  });
  const data = user.body.Data;
  const auth = {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: Date.now() + token.expires_in * 1000,
    username: account.username,
    name: data.name,
    userRole: data.role,
    assignedStore: data.company,
    modules: data.modules,
  };
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('auth', JSON.stringify(value)), auth);
  await page.goto(path);
  return auth;
}

/** Preferences as the customizer stores them, set before the app boots. */
export async function setPreferences(
  page: Page,
  prefs: { customizer?: Record<string, unknown>; language?: 'pt' | 'en' },
) {
  await page.evaluate((p) => {
    if (p.customizer) localStorage.setItem('customizer', JSON.stringify(p.customizer));
    if (p.language) localStorage.setItem('i18n', JSON.stringify({ language: p.language }));
  }, prefs);
}

/** The bearer header of a token, for the few raw requests a spec still makes. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A contract endpoint called as the web calls it (method, path with its params, query, JSON body),
 * typed by the entry: a spec prepares and checks its data through the API it names, not through
 * URLs written by hand.
 */
export async function callApi<E extends Endpoint>(
  request: APIRequestContext,
  token: string | null,
  endpoint: E,
  input: CallInput<E>,
): Promise<{ status: number; ok: boolean; body: Envelope<ReplyOf<E>> }> {
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
  const res = await request.fetch(`${fillPath(endpoint.path, params)}${qs ? `?${qs}` : ''}`, {
    method: endpoint.method,
    headers: token ? bearer(token) : {},
    ...(body === undefined ? {} : { data: body }),
  });
  return { status: res.status(), ok: res.ok(), body: (await res.json()) as Envelope<ReplyOf<E>> };
}

/** callApi for a call that must succeed (a 2xx, else the test fails naming the call): its `Data`. */
export async function callData<E extends Endpoint>(
  request: APIRequestContext,
  token: string | null,
  endpoint: E,
  input: CallInput<E>,
): Promise<ReplyOf<E>> {
  const { ok, body } = await callApi(request, token, endpoint, input);
  expect(ok, `${endpoint.method} ${endpoint.path}: ${body.Description}`).toBeTruthy();
  return body.Data;
}

/**
 * Whether a URL (a request the page made) is a call of this contract entry: its pathname against the
 * entry's path, `:name` parameters matching one segment. For page.route, waitForResponse and response
 * listeners, which must match the URL the app builds.
 */
export function apiUrlMatcher(endpoint: Endpoint): (url: string | URL) => boolean {
  const pattern = new RegExp(
    `^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`,
  );
  return (url) => pattern.test(new URL(url).pathname);
}

/**
 * An action on a door of the simulated wall (jam, unjam, open, close, tags): a dev route, outside
 * the contract, so its path is written here once. Fails the spec with the server's reason.
 */
export async function simulatorDoor(
  request: APIRequestContext,
  token: string,
  placeId: number,
  door: number,
  action: string,
  data?: object,
): Promise<void> {
  const url = `/api/dev/simulator/${placeId}/doors/${door}/${action}`;
  const res = await request.post(url, { headers: bearer(token), data });
  const body = (await res.json()) as { Description: string };
  expect(res.ok(), `post ${url}: ${body.Description}`).toBeTruthy();
}
