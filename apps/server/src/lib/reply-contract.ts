import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { endpointErrors, envelopeSchema, type Endpoint, type ErrorCode } from '@cacifo/contract';

/**
 * The reply side of the endpoint contract (issue #21). With CONTRACT_CHECKS on (tests, e2e) every
 * successful reply is validated against the JSON Schema of its endpoint's reply, the same document
 * docs/openapi.json publishes (output mode: objects admit no undeclared keys), and every failure
 * code against the endpoint's declared errors. A breach is recorded and answered as a 500, so the
 * test that provoked it fails.
 */
class ContractViolation extends Error {
  override name = 'ContractViolation';
}

const violations: string[] = [];
/** Breaches seen since the last call (a vitest setup file fails the test that caused them). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** JSON Schema of an endpoint's `Data`, as replies are written (and documented). */
function replyJsonSchema(endpoint: Endpoint): Record<string, unknown> | null {
  if (!endpoint.reply) return null;
  const { $schema: _, ...schema } = z.toJSONSchema(endpoint.reply, { io: 'output', unrepresentable: 'any' });
  return schema;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();
function compiler(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    // zod writes these checks as a `pattern` too; the format names are only labels.
    for (const name of ['starts_with', 'ends_with', 'includes', 'regex']) ajv.addFormat(name, true);
  }
  return ajv;
}

function validatorOf(endpoint: Endpoint): ValidateFunction | null {
  const schema = replyJsonSchema(endpoint);
  if (!schema) return null;
  const known = validators.get(endpoint.id);
  if (known) return known;
  const v = compiler().compile(schema);
  validators.set(endpoint.id, v);
  return v;
}

function breach(message: string): never {
  violations.push(message);
  throw new ContractViolation(message);
}

/** Throws (and records) when `data` is not what the endpoint's reply schema promises. */
export function checkReply(endpoint: Endpoint, data: unknown): void {
  const validate = validatorOf(endpoint);
  if (!validate) return;
  // The wire format: what JSON.stringify makes of it (dates become strings, undefined keys vanish).
  const wire: unknown = JSON.parse(JSON.stringify(data ?? null));
  if (validate(wire)) return;
  const detail = (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    )
    .join('; ');
  breach(`${endpoint.method} ${endpoint.path} (${endpoint.id}): reply does not match its schema: ${detail}`);
}

/**
 * Records a staff write that left no audit row (issue #35). Recorded, not thrown: the write has
 * committed, and a 500 would tell the caller it had not; the test that made it fails instead.
 */
export function breachUnaudited(message: string): void {
  violations.push(message);
}

/** Records a failure code the endpoint does not declare (answered as it is; the test fails). */
export function checkFailure(endpoint: Endpoint, code: ErrorCode): boolean {
  if (endpointErrors(endpoint).includes(code)) return true;
  violations.push(
    `${endpoint.method} ${endpoint.path} (${endpoint.id}): answered '${code}', which its contract entry does not list in errors`,
  );
  return false;
}

/**
 * A serialiser built from the reply's JSON Schema for endpoints marked `fastSerialize`, where a
 * benchmark showed fast-json-stringify ahead of JSON.stringify for that reply.
 */
export function replySerializer(endpoint: Endpoint): ((payload: unknown) => string) | undefined {
  if (!endpoint.fastSerialize || !endpoint.reply) return undefined;
  const { $schema: _, ...schema } = z.toJSONSchema(envelopeSchema(endpoint.reply), {
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJson(schema as Parameters<typeof fastJson>[0]);
}
