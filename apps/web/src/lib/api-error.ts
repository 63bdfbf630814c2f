import { isErrorCode, type ErrorCode } from '@cacifo/contract/error-codes';
import { i18n } from './i18n';

// A failed call as the web shows it: the envelope's Description code, translated (api-client.ts throws it).
export class ApiError extends Error {
  constructor(
    /** The Description code from ERROR_CODES (or `internalError` when the reply made no sense). */
    readonly code: string,
    readonly status: number,
    /** Field errors for `invalidInput`, or whatever Data the failure carried. */
    readonly data: unknown = null,
  ) {
    super(errorText(code, data));
    this.name = 'ApiError';
  }
}

/**
 * The values a message may name from a failure's Data (e.g. `{{doors}}` of lockersInUse): its
 * scalar fields, and lists joined with commas. Anything else is left out.
 */
function messageValues(data: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return out;
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number'))
      out[k] = v.join(', ');
  }
  return out;
}

/** Translated text of a Description code; unknown codes fall back to the generic error. */
export function errorText(code: string, data: unknown = null): string {
  const key: ErrorCode = isErrorCode(code) ? code : 'internalError';
  return i18n.t(`errors.${key}`, messageValues(data));
}

/** Message for any thrown value, for toasts and form alerts. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : errorText('internalError');
}
