/**
 * Writes docs/openapi.json from the server's route table and the contract's endpoint entries
 * (scripts/build-openapi.ts). Run with `npm run docs:api`; a test fails when the file is stale.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { VERSION } from '../modules/health/health.routes.js';
import { buildOpenApi } from './build-openapi.js';

export const OPENAPI_FILE = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

/** The document as `npm run docs:api` writes it, from a throwaway app with every module on. */
export async function currentOpenApi(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cacifo-openapi-'));
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', DATA_DIR: dataDir }, '/'));
  try {
    await app.ready();
    return `${JSON.stringify(buildOpenApi(app.routeTable, VERSION), null, 2)}\n`;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await currentOpenApi();
  writeFileSync(OPENAPI_FILE, text);
  console.log(`wrote ${OPENAPI_FILE}: ${Object.keys(JSON.parse(text).paths).length} paths`);
}
