import fp from 'fastify-plugin';
import { INVALID_CHARACTERS, type FieldErrors } from '@cacifo/contract';
import { AppError } from '../lib/errors.js';

// NUL (PostgreSQL text refuses it, SQLite's full-text search chokes on it) and UTF-16 surrogates
// without their pair (no valid UTF-8 exists for them): never meaningful in any field.
const BAD = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (value or key) with bad characters in `value`, or null. */
function badStringPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return BAD.test(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 32 || Buffer.isBuffer(value)) return null;
  for (const [k, v] of Object.entries(value)) {
    const at = `${path}.${k}`;
    if (BAD.test(k)) return at;
    const found = badStringPath(v, at, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuse(path: string): never {
  const fields: FieldErrors = { [path]: INVALID_CHARACTERS };
  throw new AppError('invalidInput', fields);
}

/**
 * Strings with NUL or lone surrogates are refused once, here at the edge, for every route: query,
 * path parameters and headers before anything reads them (authentication included), the body as
 * soon as it is parsed. 400 invalidInput naming the field; no service or database sees them.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('onRequest', async (req) => {
    const bad =
      badStringPath(req.params, 'params') ??
      badStringPath(req.query, 'query') ??
      badStringPath(req.headers, 'headers');
    if (bad) refuse(bad);
  });
  app.addHook('preValidation', async (req) => {
    const bad = badStringPath(req.body, 'body');
    if (bad) refuse(bad);
  });
});
