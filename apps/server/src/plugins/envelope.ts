import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ERROR_CODES, type Envelope, type ErrorCode } from '@cacifo/contract';
import { AppError } from '../lib/errors.js';
import { checkFailure } from '../lib/reply-contract.js';

function codeForFrameworkError(err: FastifyError): ErrorCode {
  switch (err.statusCode) {
    case 400:
      return 'invalidRequest';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 413:
      return 'payloadTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 429:
      // tooManyAttempts names the wait, which a framework refusal does not know.
      return 'rateLimited';
    default:
      return 'internalError';
  }
}

/**
 * Every reply is the envelope, errors and unknown routes included, with a meaningful HTTP status.
 * Unexpected errors are logged with their stack and answered as a bare internalError: no detail leaks.
 */
export const envelopePlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    let code: ErrorCode;
    let data: unknown = null;
    if (err instanceof AppError) {
      code = err.code;
      data = err.data;
      // A refusal that knows when it ends says so to HTTP clients too (tooManyAttempts, rateLimited).
      const wait = (data as { retryAfter?: unknown } | null)?.retryAfter;
      if (typeof wait === 'number') reply.header('retry-after', String(wait));
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      code = codeForFrameworkError(err);
    } else {
      req.log.error({ err }, 'unhandled error');
      code = 'internalError';
    }
    const endpoint = req.routeOptions.config?.endpoint;
    if (endpoint && app.config.contractChecks) checkFailure(endpoint, code);
    const body: Envelope<unknown> = { ResultCode: 0, Data: data, Description: code };
    return reply.status(ERROR_CODES[code]).send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    const body: Envelope<null> = { ResultCode: 0, Data: null, Description: 'routeNotFound' };
    return reply.status(404).send(body);
  });
});
