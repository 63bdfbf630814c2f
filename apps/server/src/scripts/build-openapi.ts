import { z } from 'zod';
import { sample } from 'openapi-sampler';
import {
  API_AREAS,
  apiScopeOf,
  endpointErrors,
  ERROR_CODES,
  ID_DIGITS,
  WHOLE_DIGITS,
  IDEMPOTENCY_HEADER,
  lockerAlertDataSchema,
  orderEventDataSchema,
  PARTNER_EVENT_ID_HEADER,
  PARTNER_SIGNATURE_HEADER,
  WEBHOOK_EVENT,
  webhookEvent,
  IDEMPOTENCY_REPLAYED_HEADER,
  idempotencyKeySchema,
  openApiPath,
  PERMISSIONS,
  type Endpoint,
  type ErrorCode,
  type Permission,
} from '@cacifo/contract';
import type { RouteEntry } from '../plugins/auth.js';

/**
 * OpenAPI 3.1 from the server's route table (issue #21). A route registered from a contract entry
 * documents its reply's `Data`, every failure code it can answer (grouped by HTTP status), its
 * examples and its area tag; the same JSON Schemas validate replies in the tests.
 */
type JsonSchema = Record<string, unknown>;

const toSchema = (s: z.ZodType | undefined | null, io: 'input' | 'output'): JsonSchema | undefined => {
  if (!s) return undefined;
  const { $schema: _, ...schema } = z.toJSONSchema(s, { io, unrepresentable: 'any' });
  return schema;
};

const envelopeOf = (data: JsonSchema, description?: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['ResultCode', 'Data', 'Description'],
  properties: {
    ResultCode: { type: 'integer', enum: [0, 1] },
    Data: data,
    Description: description ?? { type: 'string' },
  },
  additionalProperties: false,
});

/** `sample` of openapi-sampler wants draft-07 typings; the schemas it reads are plain JSON Schema. */
const exampleOf = (schema: JsonSchema): unknown =>
  sample(schema as Parameters<typeof sample>[0], { quiet: true });

/**
 * A path or query id (urlIdSchema) or whole number (urlIntSchema) is documented as the integer it is written as: its schema's
 * other branch, the digits a URL carries, is how every integer parameter travels (ADR 0110).
 */
function parameterSchema(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf as JsonSchema[] | undefined;
  const digits = branches?.some((b) => b.pattern === ID_DIGITS.source || b.pattern === WHOLE_DIGITS.source);
  const integer = digits ? branches?.find((b) => b.type === 'integer') : undefined;
  if (!integer) return schema;
  return schema.default === undefined ? integer : { ...integer, default: schema.default };
}

/**
 * JSON Schema leaves out the default of a field that transforms its input (a digits string read as a
 * number): the default is what the field answers when it is absent.
 */
function withDefault(schema: JsonSchema, query: unknown, name: string): JsonSchema {
  if (schema.default !== undefined || !(query instanceof z.ZodObject)) return schema;
  const field = (query.shape as Record<string, z.ZodType>)[name];
  const absent = field?.safeParse(undefined);
  return absent?.success && absent.data !== undefined ? { ...schema, default: absent.data } : schema;
}

function parameters(entry: RouteEntry, endpoint: Endpoint | undefined) {
  const params = toSchema(endpoint?.params ?? entry.schemas?.params, 'input') as
    { properties?: Record<string, JsonSchema> } | undefined;
  const query = toSchema(endpoint?.query ?? entry.schemas?.query, 'input') as
    { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
  return [
    ...Object.entries(params?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema: parameterSchema(schema),
    })),
    ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: query?.required?.includes(name) ?? false,
      schema: withDefault(parameterSchema(schema), endpoint?.query ?? entry.schemas?.query, name),
    })),
    ...(endpoint?.idempotent
      ? [
          {
            name: IDEMPOTENCY_HEADER,
            in: 'header',
            required: false,
            description:
              'One key per intended write (a UUID). A retry with the same key and body answers the first ' +
              'answer again without a second effect (header `Idempotent-Replayed: true`); the same key ' +
              'with another body is `idempotencyKeyReused`. Keys are kept 24 hours.',
            schema: toSchema(idempotencyKeySchema, 'input'),
          },
        ]
      : []),
  ];
}

function failureResponses(endpoint: Endpoint) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of endpointErrors(endpoint)) {
    const status = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `ResultCode 0; Description is one of: ${codes.join(', ')}`,
          content: {
            'application/json': {
              schema: envelopeOf({}, { type: 'string', enum: codes }),
              example: {
                ResultCode: 0,
                Data: codes[0] === 'invalidInput' ? { 'body.field': 'validation.required' } : null,
                Description: codes[0],
              },
            },
          },
        },
      ]),
  );
}

function successResponse(endpoint: Endpoint) {
  if (!endpoint.reply) {
    return {
      description: 'The file',
      content: Object.fromEntries(
        (endpoint.produces ?? ['application/octet-stream']).map((type) => [
          type,
          { schema: { type: 'string', contentMediaType: type } },
        ]),
      ),
    };
  }
  const data = toSchema(endpoint.reply, 'output') ?? {};
  return {
    description: 'ResultCode 1 and the Data below',
    ...(endpoint.idempotent
      ? {
          headers: {
            [IDEMPOTENCY_REPLAYED_HEADER]: {
              description: '`true` when this is the stored answer of an earlier request with the same key',
              schema: { type: 'string', enum: ['true'] },
            },
          },
        }
      : {}),
    content: {
      'application/json': {
        schema: envelopeOf(data, { type: 'string' }),
        example: { ResultCode: 1, Data: exampleOf(data), Description: '' },
      },
    },
  };
}

function operation(entry: RouteEntry) {
  const endpoint = entry.endpoint;
  const permission: Permission = entry.permission;
  const scope = apiScopeOf(permission);
  const base = scope
    ? { 'x-scope': scope, security: [{ apiKey: [] }] }
    : {
        'x-permission': permission,
        'x-roles': PERMISSIONS[permission].roles,
        security: permission === 'public' ? [] : [{ bearer: [] }],
      };
  const params = parameters(entry, endpoint);
  if (!endpoint) {
    // A route not yet described in the contract: its input only.
    const body = toSchema(entry.schemas?.body, 'input');
    const envelope = { 'application/json': { schema: envelopeOf({}) } };
    return {
      operationId: `legacy.${entry.method.toLowerCase()}${entry.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
      tags: ['legacy'],
      summary: entry.url,
      ...base,
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: {
        '200': { description: 'Envelope with ResultCode 1 and Data', content: envelope },
        '400': { description: 'Envelope with ResultCode 0 and the error code', content: envelope },
        default: { description: 'Envelope with ResultCode 0 and the error code', content: envelope },
      },
    };
  }
  const body = toSchema(endpoint.body, 'input');
  return {
    operationId: endpoint.id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...base,
    ...(params.length ? { parameters: params } : {}),
    ...(endpoint.upload
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
                  required: ['file'],
                },
              },
            },
          },
        }
      : body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: body, example: exampleOf(body) } },
            },
          }
        : {}),
    responses: { '200': successResponse(endpoint), ...failureResponses(endpoint) },
  };
}

/** The partner API's routes go in docs/partner-openapi.json, every other route in docs/openapi.json. */
export const isPartnerRoute = (url: string) => url.startsWith('/api/partner/');
export type OpenApiAudience = 'backOffice' | 'partner';

const DOCS: Record<OpenApiAudience, { title: string; description: string; security: JsonSchema }> = {
  backOffice: {
    title: 'Cacifo API',
    description:
      'The Cacifo back-office API. Every reply is the envelope { ResultCode, Data, Description }: ResultCode 1 ' +
      'is success with Data; 0 is failure with a stable code in Description (the HTTP status travels with ' +
      'the code). Generated by `npm run docs:api` from the endpoint table in packages/contract. The partner ' +
      'API (/api/partner/v1) has its own document, docs/partner-openapi.json.',
    security: { bearer: { type: 'http', scheme: 'bearer' } },
  },
  partner: {
    title: 'Cacifo partner API',
    description:
      'The API of carriers and stores that run parcels through Cacifo without a person (docs/partners.md). ' +
      'Authenticate with `Authorization: Bearer ck_...`, an API key an admin makes in Administration > ' +
      'Integrations; each route needs one scope of the key. Every reply is the envelope { ResultCode, Data, ' +
      'Description }: ResultCode 1 is success with Data; 0 is failure with a stable code in Description. ' +
      'POSTs honour `Idempotency-Key`. Generated by `npm run docs:api` from packages/contract.',
    security: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ck_ API key' } },
  },
};

export function buildOpenApi(
  routes: readonly RouteEntry[],
  version: string,
  audience: OpenApiAudience = 'backOffice',
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  const mine = routes.filter((r) => isPartnerRoute(r.url) === (audience === 'partner'));
  // Routes not yet described in the contract (issue #21 moves them all); gone once every route is.
  if (mine.some((r) => !r.endpoint)) tags.add('legacy');
  for (const r of mine) {
    if (r.url === '/*' || r.url === '/' || r.url.startsWith('/ws/') || r.url.startsWith('/api/bench/'))
      continue;
    if (r.endpoint) tags.add(r.endpoint.tag);
    (paths[openApiPath(r.url)] ??= {})[r.method.toLowerCase()] = operation(r);
  }
  const doc = DOCS[audience];
  if (audience === 'partner') tags.add('webhook events');
  return {
    openapi: '3.1.0',
    info: {
      title: doc.title,
      version,
      description: doc.description,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: [...tags].sort().map((name) => ({
      name,
      description:
        name === 'webhook events'
          ? 'What Cacifo POSTs to your webhook endpoints, signed with their secret (docs/partners.md).'
          : (API_AREAS[name as keyof typeof API_AREAS] ?? 'Routes not yet in the endpoint contract.'),
    })),
    components: { securitySchemes: doc.security },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    ...(audience === 'partner' ? { webhooks: webhookDocs() } : {}),
  };
}

/** What a partner's endpoint receives (OpenAPI 3.1 `webhooks`): one signed POST per event. */
function webhookDocs() {
  const orderData = toSchema(orderEventDataSchema, 'output');
  const alertData = toSchema(lockerAlertDataSchema, 'output');
  return Object.fromEntries(
    webhookEvent.values.map((type) => {
      const data = type === WEBHOOK_EVENT.LOCKER_ALERT ? alertData! : orderData!;
      const schema = {
        type: 'object',
        required: ['id', 'type', 'createdAt', 'data'],
        properties: {
          id: {
            type: 'string',
            description: 'The event id (also in Cacifo-Event-Id); the same on every retry',
          },
          type: { type: 'string', const: type },
          createdAt: { type: 'string', description: 'When the change happened (ISO 8601, UTC)' },
          data,
        },
        additionalProperties: false,
      };
      return [
        type,
        {
          post: {
            operationId: `webhook.${type}`,
            tags: ['webhook events'],
            summary: `The ${type} event, POSTed to the endpoints that subscribed to it`,
            description:
              'Answer 2xx within a few seconds. Anything else (or no answer, or a redirect) is retried with ' +
              "exponential backoff for 24 hours; one order's events arrive in order.",
            security: [],
            parameters: [
              {
                name: PARTNER_SIGNATURE_HEADER,
                in: 'header',
                required: true,
                description:
                  't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>',
                schema: { type: 'string' },
              },
              {
                name: PARTNER_EVENT_ID_HEADER,
                in: 'header',
                required: true,
                description: "The event's id: deduplicate on it",
                schema: { type: 'string' },
              },
            ],
            requestBody: {
              required: true,
              content: { 'application/json': { schema, example: exampleOf(schema) } },
            },
            responses: { '200': { description: 'Received (any 2xx)' } },
          },
        },
      ];
    }),
  );
}
