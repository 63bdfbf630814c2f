/**
 * Writes docs/openapi.json from the server's own route table: every route, its permission and the
 * JSON Schema of its params, query and body, derived from the same zod schemas that validate them.
 * Run with `npm run docs:api`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PERMISSIONS } from '@cacifo/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { VERSION } from '../modules/health/health.routes.js';

const toSchema = (s: z.ZodType | undefined) =>
  s ? z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) : undefined;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cacifo-openapi-'));
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', DATA_DIR: dataDir }, '/'));
  await app.ready();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of app.routeTable) {
    if (r.url === '/*' || r.url === '/' || r.url.startsWith('/ws/')) continue;
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const params = toSchema(r.schemas?.params) as { properties?: Record<string, unknown> } | undefined;
    const query = toSchema(r.schemas?.query) as
      { properties?: Record<string, unknown>; required?: string[] } | undefined;
    const parameters = [
      ...Object.entries(params?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'path',
        required: true,
        schema,
      })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: query?.required?.includes(name) ?? false,
        schema,
      })),
    ];
    const body = toSchema(r.schemas?.body);
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      summary: r.url,
      'x-permission': r.permission,
      'x-roles': PERMISSIONS[r.permission].roles,
      security: r.permission === 'public' ? [] : [{ bearer: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: {
        '200': {
          description: 'Envelope with ResultCode 1 and Data',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
        default: {
          description: 'Envelope with ResultCode 0 and the error code in Description',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
      },
    };
  }
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Cacifo API',
      version: VERSION,
      description: 'Generated from the route table (apps/server/src/scripts/openapi.ts).',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['ResultCode', 'Data', 'Description'],
          properties: { ResultCode: { enum: [0, 1] }, Data: {}, Description: { type: 'string' } },
        },
      },
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
  const out = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));
  writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`wrote ${out}: ${Object.keys(paths).length} paths`);
}

void main();
