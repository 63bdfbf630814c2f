import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { securityHeaderList } from '../src/plugins/security-headers.js';
import { createTestDb, type TestDb } from './helpers/test-db.js';
import { testConfig } from './helpers/test-app.js';
import { fastSimulator } from './helpers/fixtures.js';

/** The policy every reply carries, directive by directive; the kiosk's document adds `http:`/`https:` to connect-src. */
const policy = (connectSrc: string) => [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  'upgrade-insecure-requests',
  "media-src 'self' blob:",
  `connect-src ${connectSrc}`,
  'frame-src https://www.google.com/recaptcha/',
];

/** Every security header and its value, but the policy (compared directive by directive). */
const HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const securityOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name in HEADERS));

/**
 * The security headers (plugins/security-headers.ts) on a page, the kiosk's page, an API answer,
 * a refusal and an unknown path: all of them, with today's values. A header that goes missing or
 * changes (a new way of setting them, a library upgrade) fails here.
 */
describe('security headers', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let webRoot: string;
  beforeAll(async () => {
    // A web build of its own: the repository's apps/web/dist may be missing (a fresh clone) or
    // being rebuilt (CI runs check's web build beside this suite), and the headers do not depend
    // on what the page holds.
    webRoot = mkdtempSync(join(tmpdir(), 'cacifo-headers-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Cacifo</title><div id="root"></div>');
    db = await createTestDb('sqlite');
    app = await buildApp(testConfig({}, db.dataDir), {
      handle: db.handle,
      webRoot,
      driver: fastSimulator(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['/', 200, "'self' ws: wss:"],
    ['/orders/details/7', 200, "'self' ws: wss:"],
    ['/kiosk', 200, "'self' ws: wss: http: https:"],
    [API.shell.health.path, 200, "'self' ws: wss:"],
    [API.office.users.path, 401, "'self' ws: wss:"],
    // eslint-disable-next-line no-restricted-syntax -- a path no endpoint has, on purpose.
    ['/api/no-such-route', 404, "'self' ws: wss:"],
  ])('GET %s (%i) carries every header', async (url, status, connectSrc) => {
    const r = await app.inject({ method: 'GET', url });
    expect(r.statusCode).toBe(status);
    expect(String(r.headers['content-security-policy']).split(';')).toEqual(policy(connectSrc));
    expect(securityOf(r.headers)).toEqual(HEADERS);
    expect(r.headers['x-powered-by']).toBeUndefined();
  });

  it('gives replies written before Fastify has a request the same headers', () => {
    const list = Object.fromEntries(securityHeaderList());
    expect(String(list['content-security-policy']).split(';')).toEqual(policy("'self' ws: wss:"));
    expect(securityOf(list)).toEqual(HEADERS);
  });
});
