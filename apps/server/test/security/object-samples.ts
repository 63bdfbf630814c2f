import { z } from 'zod';
import type { RouteEntry } from '../../src/plugins/auth.js';

/** The kinds of object a request can name, each with its own owner (company, place, key). */
export type ObjectKind = 'order' | 'packageId' | 'place' | 'company' | 'rental' | 'webhook' | 'employee';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  examples?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/**
 * Which object a field names, from its name and the route: the route table and the contract's
 * schemas are all the suite knows, so a new route taking one of these is covered by itself.
 */
function kindOf(route: RouteEntry, field: string): ObjectKind | null {
  if (field === 'orderId' || field === 'orderIds') return 'order';
  if (field === 'packageId' || field === 'packageIds') return 'packageId';
  if (field === 'placeId' || field === 'locationId') return 'place';
  if (field === 'company' || field === 'companyId') return 'company';
  if (field !== 'id' && field !== 'ids') return null;
  // eslint-disable-next-line no-restricted-syntax -- a family of routes by prefix, not a call.
  if (route.url.startsWith('/api/kiosk/rentals')) return 'rental';
  if (route.url.includes('/webhooks/')) return 'webhook';
  // A store's account: another store's employees are beyond it.
  // eslint-disable-next-line no-restricted-syntax -- a family of routes by prefix, not a call.
  if (route.url.startsWith('/api/admin/employees/')) return 'employee';
  if (route.permission.startsWith('orders.')) return 'order';
  return null;
}

export function jsonOf(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** A plausible value of a field, so that the field under test is what the server judges. */
function sampleOf(s: JsonSchema | undefined): unknown {
  if (!s) return 'x';
  if (s.examples?.length) return s.examples[0];
  if (s.enum?.length) return s.enum[0];
  const type = [s.type ?? s.anyOf?.[0]?.type ?? 'string'].flat()[0];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [sampleOf(s.items)];
  if (type === 'object') return sampleObject(s);
  return 'x';
}

export function sampleObject(s: JsonSchema): Record<string, unknown> {
  if (s.examples?.length && typeof s.examples[0] === 'object') return { ...(s.examples[0] as object) };
  const out: Record<string, unknown> = {};
  for (const key of s.required ?? []) out[key] = sampleOf(s.properties?.[key]);
  return out;
}

export interface ObjectField {
  where: 'params' | 'query' | 'body';
  name: string;
  kind: ObjectKind;
  /** The field is a list: the object goes in as a one-element array. */
  list: boolean;
}

/** The route's fields that name an object, and a sample request around them. */
export function objectFields(route: RouteEntry): {
  fields: ObjectField[];
  base: { query: Record<string, unknown>; body: Record<string, unknown> | undefined };
} {
  const fields: ObjectField[] = [];
  for (const m of route.url.matchAll(/:(\w+)/g)) {
    const kind = kindOf(route, m[1]!);
    if (kind) fields.push({ where: 'params', name: m[1]!, kind, list: false });
  }
  const query = jsonOf(route.schemas?.query);
  const body = jsonOf(route.schemas?.body);
  for (const [where, schema] of [
    ['query', query],
    ['body', body],
  ] as const) {
    for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
      const kind = kindOf(route, name);
      if (kind) fields.push({ where, name, kind, list: [prop.type].flat().includes('array') });
    }
  }
  const baseQuery = query ? sampleObject(query) : {};
  // A file export is asked for as CSV, so the suite can read what it would leak.
  if (query?.properties?.format?.enum?.includes('csv')) baseQuery.format = 'csv';
  return { fields, base: { query: baseQuery, body: body ? sampleObject(body) : undefined } };
}

/** The request naming `value` in `field`; every other path parameter is an id that does not exist. */
export function requestFor(
  route: RouteEntry,
  base: ReturnType<typeof objectFields>['base'],
  field: ObjectField,
  value: string | number,
) {
  const v = field.list ? [value] : value;
  const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(name === field.name && field.where === 'params' ? value : 999999)),
  );
  const query = { ...base.query, ...(field.where === 'query' ? { [field.name]: v } : {}) };
  const qs = new URLSearchParams();
  for (const [k, val] of Object.entries(query))
    for (const one of [val].flat()) qs.append(k, typeof one === 'object' ? JSON.stringify(one) : String(one));
  const body = base.body && { ...base.body, ...(field.where === 'body' ? { [field.name]: v } : {}) };
  return {
    method: route.method as 'GET',
    url: qs.size ? `${url}?${qs}` : url,
    ...(route.method === 'GET' ? {} : { payload: body ?? {} }),
  };
}
