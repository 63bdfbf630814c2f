import { z } from 'zod';
import { sample } from 'openapi-sampler';
import {
  endpointErrors,
  ERROR_CODES,
  ID_DIGITS,
  WHOLE_DIGITS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_REPLAYED_HEADER,
  idempotencyKeySchema,
  apiScopeOf,
  PERMISSIONS,
  type Endpoint,
  type ErrorCode,
  type Permission,
} from '@cacifo/contract';
import type { RouteEntry } from '../plugins/auth.js';

// One route's OpenAPI operation (parameters, body, success and failure replies), for build-openapi.ts.
export type JsonSchema = Record<string, unknown>;

export const toSchema = (s: z.ZodType | undefined | null, io: 'input' | 'output'): JsonSchema | undefined => {
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
export const exampleOf = (schema: JsonSchema): unknown =>
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

export function operation(entry: RouteEntry) {
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
