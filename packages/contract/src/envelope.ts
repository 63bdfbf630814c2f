import { z } from 'zod';

export * from './error-codes.js';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ ResultCode: z.union([z.literal(0), z.literal(1)]), Data: data, Description: z.string() });
}
