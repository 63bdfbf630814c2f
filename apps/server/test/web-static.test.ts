import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { connect } from 'node:net';
import { API } from '@cacifo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createTestDb, type TestDb } from './helpers/test-db.js';
import { testConfig } from './helpers/test-app.js';
import { fastSimulator } from './helpers/fixtures.js';

/**
 * The built web app is served from the API's port: precompressed copies (.br, .gz) to browsers
 * that accept them, the plain file otherwise, index.html for deep links, and long caching only
 * for hashed assets.
 */
describe('web app files', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let root: string;
  const html = '<!doctype html><title>Cacifo</title><div id="root"></div>'.repeat(20);
  const js = 'export const cacifo = "cacifo";\n'.repeat(200);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cacifo-web-'));
    mkdirSync(join(root, 'assets'));
    for (const [file, text] of [
      ['index.html', html],
      ['assets/app-1a2b3c.js', js],
    ] as const) {
      writeFileSync(join(root, file), text);
      writeFileSync(join(root, `${file}.br`), brotliCompressSync(text));
      writeFileSync(join(root, `${file}.gz`), gzipSync(text));
    }
    db = await createTestDb('sqlite');
    app = await buildApp(testConfig({}, db.dataDir), {
      handle: db.handle,
      webRoot: root,
      driver: fastSimulator(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli or gzip copy to a browser that accepts it, the plain file otherwise', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Shared caches must keep one copy per encoding.
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers index.html, revalidated, for the root and for deep links', async () => {
    for (const url of ['/', '/orders/details/7']) {
      const r = await get(url, 'br');
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(r.rawPayload).toString()).toBe(html);
    }
  });

  it("lets only the kiosk's document call its wall's controller on the local network (ADR 0160)", async () => {
    const connectSrc = (csp: unknown) => /connect-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ');
    for (const url of ['/kiosk', '/kiosk?wall=http://10.0.0.5:8088']) {
      const r = await get(url);
      expect(r.body).toBe(html);
      expect(connectSrc(r.headers['content-security-policy'])).toEqual([
        "'self'",
        'ws:',
        'wss:',
        'http:',
        'https:',
      ]);
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    for (const url of ['/', '/orders', '/kiosks', '/index.html']) {
      const r = await get(url);
      expect(connectSrc(r.headers['content-security-policy'])).toEqual(["'self'", 'ws:', 'wss:']);
    }
  });

  it('does not answer the app for an unknown API path', async () => {
    // eslint-disable-next-line no-restricted-syntax -- a path no endpoint has, on purpose.
    const r = await get('/api/julian/nope', 'br');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ ResultCode: 0, Description: 'routeNotFound' });
  });
  /**
   * Raw requests on a socket: inject normalises paths and never reaches Node's HTTP parser, where
   * a traversal, a bad URL and oversized headers really arrive.
   */
  describe('over a raw socket', () => {
    let port = 0;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as { port: number }).port;
    });
    const raw = (request: string) =>
      new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
        // Written, not ended: a half-closed socket may be dropped before a streamed file is sent.
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('latin1');
          const [head = '', ...rest] = text.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(
            lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
          );
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
        });
      });
    const getRaw = (target: string, extra = '') =>
      raw(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${extra}\r\n`);
    const enveloped = (r: { headers: Record<string, string>; body: string }, code: string) => {
      expect(JSON.parse(r.body)).toMatchObject({ ResultCode: 0, Description: code });
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    };

    it('anything outside the build is a plain 404, existing or not; app routes still get the app', async () => {
      for (const target of [
        '/../../../etc/ssl/openssl.cnf',
        '/../../../etc/passwd',
        '/..%2f..%2f..%2fetc%2fpasswd',
        '/assets/../../../../etc/hostname',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/.env',
        '/nope.js',
        '/assets/missing-9z9z9z.js',
      ]) {
        const r = await getRaw(target);
        expect(r.status, target).toBe(404);
        expect(JSON.parse(r.body), target).toMatchObject({ Description: 'routeNotFound' });
      }
      expect((await getRaw('/assets/app-1a2b3c.js')).body).toBe(js);
      const deep = await getRaw('/orders/details/7');
      expect(deep.status).toBe(200);
      expect(deep.body).toBe(html);
    });

    it('framework refusals answer in the envelope with the security headers', async () => {
      // eslint-disable-next-line no-restricted-syntax -- a malformed escape no path can be filled with.
      const badUrl = await getRaw('/api/admin/admins/%ED%A0%80');
      expect(badUrl.status).toBe(400);
      enveloped(badUrl, 'invalidRequest');

      const bigHeaders = await getRaw(API.shell.health.path, `X-Big: ${'a'.repeat(20_000)}\r\n`);
      expect(bigHeaders.status).toBe(431);
      enveloped(bigHeaders, 'requestHeadersTooLarge');

      const garbage = await raw('NOT A REQUEST\r\n\r\n');
      expect(garbage.status).toBe(400);
      enveloped(garbage, 'invalidRequest');

      const post = (body: string, length = Buffer.byteLength(body)) =>
        raw(
          `POST /oauth/v2/token HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`,
        );
      const malformed = await post('{"grant_type": ');
      expect(malformed.status).toBe(400);
      enveloped(malformed, 'invalidRequest');

      const tooLarge = await post(
        JSON.stringify({ grant_type: 'password', username: 'x'.repeat(1_100_000) }),
      );
      expect(tooLarge.status).toBe(413);
      enveloped(tooLarge, 'payloadTooLarge');
    });
  });
});
