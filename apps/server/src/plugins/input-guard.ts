import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { CONTROL_CHARACTERS, INVALID_CHARACTERS, type FieldErrors } from '@cacifo/contract';
import { AppError } from '../lib/errors.js';

// NUL (PostgreSQL text refuses it, SQLite's full-text search chokes on it) and UTF-16 surrogates
// without their pair (no valid UTF-8 exists for them): never meaningful in any field.
const BAD = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * In what a caller sends (names, codes, texts), also every other control character (C0, DEL, C1)
 * but tab and newline, and a carriage return not followed by its newline (CRLF is a newline):
 * escapes, backspaces and bells only ever forge what a log, a terminal or a label shows
 * (issue #31, ADR 0110). Headers keep the first rule: HTTP itself refuses the rest there.
 */
const BAD_TEXT = new RegExp(`${BAD.source}|${CONTROL_CHARACTERS.source}`);

/** The path of the first string (value or key) in `value` that `bad` matches, or null. */
function badStringPath(value: unknown, path: string, bad: RegExp, depth = 0): string | null {
  if (typeof value === 'string') return bad.test(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 32 || Buffer.isBuffer(value)) return null;
  for (const [k, v] of Object.entries(value)) {
    const at = `${path}.${k}`;
    if (bad.test(k)) return at;
    const found = badStringPath(v, at, bad, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuse(path: string): never {
  const fields: FieldErrors = { [path]: INVALID_CHARACTERS };
  throw new AppError('invalidInput', fields);
}

/**
 * Strings with NUL, lone surrogates or control characters are refused once, here at the edge, for every route: query,
 * path parameters and headers before anything reads them (authentication included), the body as
 * soon as it is parsed. 400 invalidInput naming the field; no service or database sees them.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('onRequest', async (req) => {
    const bad =
      badStringPath(req.params, 'params', BAD_TEXT) ??
      badStringPath(req.query, 'query', BAD_TEXT) ??
      badStringPath(req.headers, 'headers', BAD);
    if (bad) refuse(bad);
  });
  // The body's check only where a body is read (issue #34): GET and HEAD routes never run it.
  app.addHook('onRoute', (route: RouteOptions) => {
    if ([route.method].flat().every((m) => BODYLESS.has(m))) return;
    route.preValidation = [inputGuardBody, ...[route.preValidation ?? []].flat()];
  });
});

/** Methods Fastify reads no body for (its `bodyless` set). */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

async function inputGuardBody(req: FastifyRequest) {
  const bad = badStringPath(req.body, 'body', BAD_TEXT);
  if (bad) refuse(bad);
}
