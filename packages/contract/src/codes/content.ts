/*
 * Content tables (admin texts, SMS outbox). Apart from schemas/content.ts, which re-exports them,
 * so screens that only list or label them need not load zod.
 */

/** Languages of the admin tool texts, terms and FAQs (SPEC §1: pt, en, es, fr). */
export const CONTENT_LANGUAGES = ['pt', 'en', 'es', 'fr'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
