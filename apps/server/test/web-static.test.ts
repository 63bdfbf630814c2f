import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

  it('does not answer the app for an unknown API path', async () => {
    const r = await get('/api/julian/nope', 'br');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ ResultCode: 0, Description: 'routeNotFound' });
  });
});
