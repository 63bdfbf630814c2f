import { z } from 'zod';
import { API } from '@cacifo/contract';
import type { RouteEntry } from '../../src/plugins/auth.js';

/** The part of JSON Schema the generic suites read to build their inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** A route's zod schema (query, body) as JSON Schema, or null where it has none or none can be drawn. */
export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Routes the generic suites skip: the SPA fallback, public pages and the WebSocket upgrade are not API calls. */
export function apiRoutes(table: readonly RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>();
  return table.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key) || r.url === '/*' || r.url === '/' || r.url.startsWith('/ws/')) return false;
    // Public HTML pages outside the API (the pickup QR page) answer a page, not an envelope.
    // eslint-disable-next-line no-restricted-syntax -- the API's prefix in the route table, not a call.
    if (!r.url.startsWith('/api/') && !r.url.startsWith('/oauth/')) return false;
    seen.add(key);
    return true;
  });
}

/** A concrete URL for a route: every path parameter becomes an id that does not exist. */
export function sampleUrl(url: string): string {
  return url.replace(/:(\w+)/g, '999999').replace('*', 'x');
}

/** Logging out revokes the token the suite is using, so it goes last. */
export function destructiveLast(routes: RouteEntry[]): RouteEntry[] {
  const last = (r: RouteEntry) => (r.url === API.auth.logout.path ? 1 : 0);
  return [...routes].sort((a, b) => last(a) - last(b));
}
