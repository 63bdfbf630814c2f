import { z } from 'zod';
import {
  hasAllowedUploadExtension,
  PACKAGE_ID_PREFIX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RECIPIENT_REFERENCE_PREFIXES,
  VOICE_DOOR_MAX,
  VOICE_DOOR_MIN,
} from './limits.js';

export * from './limits.js';

/** Field error of a string with NUL or an unpaired surrogate, refused at the server's edge (issue #20). */
export const INVALID_CHARACTERS = 'validation.invalidCharacters';
/**
 * Control characters no name, code or text may hold: C0 but tab and newline, DEL and C1, and a
 * carriage return that is not half of a CRLF (issue #31). The server refuses them at its edge.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\x01-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]|\r(?!\n)/;

/**
 * The validation rules of SPEC §5, written once. Messages are translation keys (`validation.*`)
 * so the server's field errors and the web forms say the same thing in both languages.
 */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{9}$/, 'validation.phone')
  .meta({ examples: ['912345678'] });
export const pinSchema = z
  .string()
  .regex(/^\d{4}$/, 'validation.pin')
  .meta({ examples: ['1234'] });
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, 'validation.passwordLength')
  .max(PASSWORD_MAX, 'validation.passwordLength');
export const emailSchema = z.string().trim().pipe(z.email('validation.email'));
export const percentageSchema = z
  .number('validation.percentage')
  .min(0, 'validation.percentage')
  .max(100, 'validation.percentage');
export const voiceDoorSchema = z
  .number()
  .int('validation.voiceDoor')
  .min(VOICE_DOOR_MIN, 'validation.voiceDoor')
  .max(VOICE_DOOR_MAX, 'validation.voiceDoor');

/** A whole number from `min` to `max`; every way to miss it says the one message `key`. */
export const wholeBetween = (min: number, max: number, key: string) =>
  z.number(key).int(key).min(min, key).max(max, key);

/** A password with its confirmation; the error lands on `confirmPassword`. */
export const passwordWithConfirmationSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });

export function hasPackageIdPrefix(value: string): boolean {
  return value.trim().toUpperCase().startsWith(PACKAGE_ID_PREFIX);
}
export function hasRecipientReferencePrefix(value: string): boolean {
  const v = value.trim().toUpperCase();
  return RECIPIENT_REFERENCE_PREFIXES.some((p) => v.startsWith(p));
}
export const scannerPackageIdSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .refine(hasPackageIdPrefix, 'validation.packageIdPrefix');
export const recipientReferenceSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .refine(hasRecipientReferencePrefix, 'validation.recipientReferencePrefix');

export const uploadFileNameSchema = z
  .string()
  .refine(hasAllowedUploadExtension, 'validation.uploadExtension');

/**
 * An id in a JSON body: a positive whole number and nothing else (issue #31, ADR 0110). No
 * coercion: `true`, `[3]`, `"2"`, `1.5`, `0` and `-1` are 400 invalidInput, never row 1, 3 or 2.
 */
export const idSchema = z.number().int().positive();
/** The digits an id is written with in a path or a query string (no sign, point, space or exponent). */
export const ID_DIGITS = /^[0-9]{1,16}$/;
/**
 * An id in a path parameter or a query string, where every value is text: a string of digits,
 * read as the number (issue #31, ADR 0110). A number is accepted too, for the typed client that
 * writes it into the URL; the server never receives one there. Never use it in a body schema
 * (test/security/strict-ids.test.ts sends `"2"` to every body id).
 */
export const urlIdSchema = z.union([
  idSchema,
  z.string().regex(ID_DIGITS, 'validation.invalid').transform(Number).pipe(idSchema),
]);

/**
 * A comma list of ids in a query string (`3,5,8`): each one digits as an id is written (ID_DIGITS)
 * and positive, nothing around them (issue #31: `0`, ` 3` and `3, 5` were taken).
 */
export const commaIdsSchema = z
  .string()
  .regex(/^[0-9]{1,16}(,[0-9]{1,16})*$/, 'validation.idList')
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.every((id) => Number.isSafeInteger(id) && id > 0), 'validation.idList');
/**
 * A whole number in a query string: digits only (no sign, exponent, spaces or fraction; #31), or a
 * number from a typed caller. What `z.coerce` let through ("+5", "1e1", " 5") is invalidInput. The
 * bounds sit on both branches, so the OpenAPI document shows them on the integer it documents.
 */
/**
 * Digits of a whole number that is not an id (a count, a page offset): a pattern of its own, so what
 * looks for ids by ID_DIGITS (the strict-ids walk, the OpenAPI builder) tells the two apart.
 */
export const WHOLE_DIGITS = /^\d{1,15}$/;
export function urlIntSchema(min = 0, max = Number.MAX_SAFE_INTEGER) {
  const bounded = z
    .number()
    .int('validation.wholeNumber')
    .min(min, 'validation.range')
    .max(max, 'validation.range');
  return z.union([
    bounded,
    z.string().regex(WHOLE_DIGITS, 'validation.wholeNumber').transform(Number).pipe(bounded),
  ]);
}
export const maxResultsSchema = urlIntSchema(1, 1000).default(50);
export const offsetSchema = urlIntSchema(0).default(0);
/** `YYYY-MM-DD|YYYY-MM-DD` (SPEC §7 dateRange and createdAtInterval). */
export const dateIntervalSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}\|\d{4}-\d{2}-\d{2}$/, 'validation.dateInterval')
  .transform((s) => {
    const [from, to] = s.split('|') as [string, string];
    return { from, to };
  })
  .refine((v) => v.from <= v.to, 'validation.dateInterval');

/** Nothing typed: no value, an empty or blank text. Lists are no field a user leaves blank. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The value at a zod issue's path inside the validated input. */
export function valueAtPath(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The translation key a field error carries, on the server (400 field errors) and in the web's
 * forms alike: an empty field that must be filled says `validation.required` (or the schema's own
 * `validation.<thing>Required`), whatever rule it broke first; otherwise the schema's own `validation.*` key, or `validation.invalid` for zod's
 * untranslated defaults (a wrong type, say).
 */
export function issueMessageKey(issue: { message: string; path: readonly PropertyKey[] }, input: unknown) {
  if (isBlank(valueAtPath(input, issue.path))) {
    // A schema may say which thing is missing (`validation.clientRequired`); otherwise the generic text.
    return /^validation\.\w+Required$/.test(issue.message) ? issue.message : 'validation.required';
  }
  return issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
}
