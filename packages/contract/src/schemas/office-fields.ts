import { z } from 'zod';
import { NAME_MAX } from '../validation.js';

// Field forms the office schemas share (office.ts, office-groups.ts).

/** Optional free text: trimmed, at most `max`, empty read as null. */
export const optionalText = (max = NAME_MAX) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

/** `HH:MM`, 00:00-23:59. */
export const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time')
  .meta({ examples: ['08:30'] });
/** `YYYY-MM-DD`. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'validation.date')
  .meta({ examples: ['2026-01-15'] });
