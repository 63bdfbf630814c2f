// The envelope's codes without zod: the web's sign-in page and API client load them before any
// schema (issue #34). envelope.ts re-exports all of it beside the envelope schema.

/** SPEC §7: every reply. ResultCode 1 is success, 0 failure. */
export const RESULT_CODE = { FAILURE: 0, SUCCESS: 1 } as const;
export type ResultCode = (typeof RESULT_CODE)[keyof typeof RESULT_CODE];

export interface Envelope<T = unknown> {
  ResultCode: ResultCode;
  Data: T;
  Description: string;
}

/**
 * Failure codes carried in `Description` (DECISIONS.md). The client maps each to a translated text
 * (`errors.<code>` in the locales). SPEC's own spellings are kept as they are, typo included.
 * Each code has its HTTP status, so a code always travels with the same status.
 */
export const ERROR_CODES = {
  invalidInput: 400,
  invalidRequest: 400,
  invalidClient: 401,
  invalidCredentials: 400,
  recaptchaFailed: 400,
  sessionExpired: 401,
  forbidden: 403,
  notFound: 404,
  routeNotFound: 404,
  orderNotExist: 404,
  transactionNotExist: 404,
  orderDelivered: 422,
  conflict: 409,
  staleVersion: 409,
  userExists: 409,
  cardAssigned: 409,
  voucherCodeExists: 409,
  L41: 409,
  L42: 422,
  wrongPin: 422,
  /** An action needs the staff PIN and this account has not set one (profile > PIN). */
  pinNotSet: 422,
  pendingTransactions: 422,
  'No locker avaliable': 409,
  selectSize: 400,
  incorrectValue: 400,
  descriptionTooLong: 400,
  invalidFileType: 400,
  invalidFile: 400,
  orderExists: 409,
  /** The anonymous health check of an instance that is not well (HTTP 200 if only devices are). */
  degraded: 503,
  /**
   * A package id already used by an order the caller may not see (a store, a company's partner
   * key): it cannot be used, and nothing more is said about it (ADR 0020).
   */
  packageIdUnavailable: 409,
  stateNotAllowed: 422,
  /** A pickup slip asked for an order that holds no pickup code now (not stored yet, or taken). */
  noPickupCode: 422,
  ruleBroken: 422,
  /** Removing lockers someone holds; `Data.doors` names them (issue #27). */
  lockersInUse: 422,
  /** The locker is not available (SPEC §4 rule); `Data.holders` says what holds it. */
  lockerNotAvailable: 409,
  /** The location is in maintenance (or emergency) mode: no new use starts (issue #27). */
  placeInMaintenance: 422,
  placeInEmergency: 422,
  /** Acknowledging a locker whose door is not in alert (any more). */
  notInAlert: 409,
  accountDisabled: 403,
  /** The account's or key's client is disabled (issue #31): nothing it does is accepted. */
  clientDisabled: 403,
  /** Another client has this name, whatever its case. */
  clientNameTaken: 409,
  tooManyAttempts: 429,
  accessDenied: 403,
  /** The controller could not be reached, or did not answer in time. */
  doorOpenFailed: 503,
  deviceUnavailable: 503,
  /** The lock was driven but the door stayed closed: the hardware refuses, retrying will not help. */
  doorJammed: 409,
  moduleDisabled: 404,
  payloadTooLarge: 413,
  /** The request's headers are over the server's limit (Node's parser refuses them, issue #20). */
  requestHeadersTooLarge: 431,
  /** The request did not arrive whole in time. */
  requestTimeout: 408,
  unsupportedMediaType: 415,
  methodNotAllowed: 405,
  internalError: 500,
  /** Deleting, disabling or demoting one's own account (admins, employees). */
  ownAccount: 422,
  assetNotExist: 404,
  categoryNotExist: 404,
  tagInUse: 409,
  categoryNameExists: 409,
  assetDisabled: 422,
  assetInLocker: 422,
  assetNotInLocker: 422,
  assetUserNotExist: 404,
  captiveBelowPrice: 422,
  voucherInvalid: 422,
  voucherNotExist: 404,
  priceNotExist: 404,
  rentalNotExist: 404,
  rentalNotActive: 422,
  paymentFailed: 422,
  paymentExpired: 422,
  marketplaceClosed: 422,
  kioskNotBound: 403,
  invalidSignature: 401,
  /** A signed provider event whose id was already taken: a replay (issue #31). */
  eventReplayed: 409,
  /** An Idempotency-Key sent again with another body or to another endpoint (issue #24). */
  idempotencyKeyReused: 422,
  /** The first request with this Idempotency-Key is still running; retry in a moment. */
  idempotencyKeyInProgress: 409,
  /** A partner route called without an API key, or with a wrong or revoked one (issue #24). */
  invalidApiKey: 401,
  /** An API key over its request rate; `Retry-After` says when to try again. */
  rateLimited: 429,
  /** A webhook URL that reaches a private, loopback or link-local address (SSRF), or not https. */
  webhookUrlRefused: 422,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodes = Object.keys(ERROR_CODES) as ErrorCode[];

/** A location in maintenance or emergency starts no new use (issue #27). */
export const PLACE_MODE_REFUSALS = ['placeInMaintenance', 'placeInEmergency'] as const;
/** The refusals of a call that gives someone a locker: not available, or the place not in service. */
export const LOCKER_CLAIM_ERRORS = ['lockerNotAvailable', ...PLACE_MODE_REFUSALS] as const;

/**
 * The refusals of someone identifying at a kiosk (staff PIN, carrier code, pickup PIN): the screen
 * is bound to no place, the secret is wrong, or too many were wrong (counted per screen).
 */
export const KIOSK_IDENTITY_ERRORS = ['kioskNotBound', 'wrongPin', 'tooManyAttempts'] as const;

/** The codes of a door that did not open; `Data` carries the outcome (docs/devices.md). */
export const DOOR_FAILURE_CODES = ['doorOpenFailed', 'deviceUnavailable', 'doorJammed'] as const;
export function isDoorFailureCode(code: unknown): code is (typeof DOOR_FAILURE_CODES)[number] {
  return (DOOR_FAILURE_CODES as readonly unknown[]).includes(code);
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** Field errors sent in `Data` with `invalidInput`: path -> message. */
export type FieldErrors = Record<string, string>;
