import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type Envelope, type ErrorCode } from '@cacifo/contract';
import { AppError } from '../lib/errors.js';
import { checkFailure } from '../lib/reply-contract.js';
import { securityHeaderList } from './security-headers.js';

const SECURITY_HEADERS = securityHeaderList();

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

/**
 * Fastify's own refusals before routing (a URL that does not decode): the envelope, with the
 * security headers the onRequest hook has not had the chance to add.
 */
export function frameworkErrors(_err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  for (const [name, value] of SECURITY_HEADERS) reply.header(name, value);
  const body: Envelope<null> = { ResultCode: 0, Data: null, Description: 'invalidRequest' };
  void reply.status(ERROR_CODES.invalidRequest).send(body);
}

/**
 * Node's HTTP parser refusals (malformed request, headers over the limit, a request too slow):
 * there is no request object yet, so the reply is written on the socket, as the envelope with the
 * security headers, and the connection is closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'requestHeadersTooLarge'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'requestTimeout'
        : 'invalidRequest';
  const status = ERROR_CODES[code];
  const body = JSON.stringify({ ResultCode: 0, Data: null, Description: code });
  const headers = [
    ...SECURITY_HEADERS,
    ['content-type', 'application/json; charset=utf-8'],
    ['content-length', String(Buffer.byteLength(body))],
    ['connection', 'close'],
  ];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`,
    );
  }
  socket.destroy();
}
