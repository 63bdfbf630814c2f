import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from './support/browser';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// Chosen once in the runner and inherited by the workers through the environment, so every process
// agrees on the same server and database.
process.env.CACIFO_E2E_PORT ??= String(await freePort());
process.env.CACIFO_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cacifo-e2e-'));
process.env.CACIFO_E2E_PASSWORD ??= 'e2e-demo-pass';
process.env.CACIFO_E2E_ADMIN_PASSWORD ??= 'e2e-admin-pass';
const port = Number(process.env.CACIFO_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  // No retries anywhere: a test that passes only on its second try is a defect to fix, not to hide.
  retries: 0,
  // Two workers, the server and two browsers share two cores in CI: a page flow that takes 15 s on
  // a quiet machine can take 35 s there. Speed is measured by `npm run bench`, not here.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'pt-PT',
    // The browser asks for reduced motion, as a person may (the app then turns antd's animations
    // off, lib/theme.ts): a click never lands on a menu still sliding in, and no CPU goes to frames
    // of dialogs fading that the two cores need for the specs.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  // Free mode is one setting for the whole marketplace: the spec that turns it on runs alone, after
  // every other spec, so no wall of another spec is priced free meanwhile.
  projects: [
    { name: 'walls', testIgnore: /kiosk-marketplace-free\.spec\.ts/ },
    { name: 'exclusive', testMatch: /kiosk-marketplace-free\.spec\.ts/, dependencies: ['walls'] },
  ],
  webServer: {
    // The real server, as built by `npm run build` (apps/server/dist), with a fresh database; it
    // serves the already built web app (apps/web/dist).
    command: 'npm run start -w @cacifo/server',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.CACIFO_E2E_DATA_DIR,
      SEED_DEMO: '1',
      DEMO_PASSWORD: process.env.CACIFO_E2E_PASSWORD,
      ADMIN_PASSWORD: process.env.CACIFO_E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Every reply is checked against its endpoint's contract: a mismatch is a 500 the spec sees.
      CONTRACT_CHECKS: '1',
      // Partners' webhook receivers are the specs' own HTTP servers on loopback (two-carriers.spec).
      WEBHOOK_ALLOW_PRIVATE: '1',
    },
  },
});
