import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';

const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

test('every page carries the Content-Security-Policy and the usual security headers', async ({ request }) => {
  for (const path of ['/', '/login', '/orders/details/1', '/boot.js', API.shell.health.path]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h['content-security-policy'], path).toContain("default-src 'self'");
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['content-security-policy'], path).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['strict-transport-security'], path).toBeTruthy();
    expect(h['referrer-policy'], path).toBeTruthy();
  }
});

test('the client bundle holds no server secret', () => {
  const files = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(5);
  const secrets = [
    process.env.CACIFO_E2E_PASSWORD!,
    process.env.CACIFO_E2E_ADMIN_PASSWORD!,
    'password_hash',
    'pin_hash',
    'pin_lookup',
    'RECAPTCHA_SECRET',
    'DATABASE_URL',
    'BEGIN PRIVATE KEY',
  ];
  for (const f of files) {
    const text = readFileSync(join(dist, 'assets', f), 'utf8');
    for (const s of secrets) expect(text.includes(s), `${s} in ${f}`).toBe(false);
  }
});
