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
import { buildOpenApi, type OpenApiAudience } from './build-openapi.js';

export const OPENAPI_FILE = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));
/** The partner API's own document (issue #24). */
export const PARTNER_OPENAPI_FILE = fileURLToPath(
  new URL('../../../../docs/partner-openapi.json', import.meta.url),
);

/** The documents as `npm run docs:api` writes them, from a throwaway app with every module on. */
export async function currentOpenApiDocs(): Promise<Record<OpenApiAudience, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cacifo-openapi-'));
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', DATA_DIR: dataDir }, '/'));
  try {
    await app.ready();
    const text = (audience: OpenApiAudience) =>
      `${JSON.stringify(buildOpenApi(app.routeTable, VERSION, audience), null, 2)}\n`;
    return { backOffice: text('backOffice'), partner: text('partner') };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** docs/openapi.json as `npm run docs:api` writes it. */
export async function currentOpenApi(): Promise<string> {
  return (await currentOpenApiDocs()).backOffice;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const docs = await currentOpenApiDocs();
  for (const [file, text] of [
    [OPENAPI_FILE, docs.backOffice],
    [PARTNER_OPENAPI_FILE, docs.partner],
  ] as const) {
    writeFileSync(file, text);
    console.log(`wrote ${file}: ${Object.keys(JSON.parse(text).paths).length} paths`);
  }
}
