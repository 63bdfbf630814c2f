import { z } from 'zod';

export * from './idempotency-header.js';

/** 1-255 visible ASCII characters: a UUID is the usual choice. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'validation.idempotencyKey')
  .meta({ examples: ['3f0c1a52-7d4e-4b8e-9a51-2f6d8c0b9e17'] });
