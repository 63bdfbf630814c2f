import { ERROR_CODES, type ErrorCode } from '@cacifo/contract';

/**
 * The one error type services throw. Its code is a contract ErrorCode, so the HTTP status and the
 * client's translated message are fixed by the code, not chosen at each throw site.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly data: unknown = null,
    message?: string,
  ) {
    super(message ?? code);
    this.statusCode = ERROR_CODES[code];
  }
}
