import { z } from 'zod';

/*
 * Lost updates (issue #20, docs/adr/0027): every editable record carries `updatedAt`, and its update
 * sends back the `updatedAt` the editor read. The server writes only when the record is still at
 * that value (one `UPDATE ... WHERE id = ? AND updated_at = ?`) and answers 409 `staleVersion`
 * otherwise; every write moves `updatedAt` strictly forward, so a change is always visible.
 */

/** The `updatedAt` the editor read, sent back unchanged with the edit. */
export const expectedUpdatedAtSchema = z
  .string('validation.required')
  .min(1, 'validation.required')
  .max(40, 'validation.tooLong')
  .meta({
    description:
      'The `updatedAt` of the record as the editor read it. When the record changed since, the update is refused with 409 staleVersion and nothing is written.',
    examples: ['2026-01-15T09:30:00.000Z'],
  });

/**
 * A settings document (several rows or keys saved as one: the service configuration, the global
 * options, the marketplace settings, message templates, pickup rules, tool texts) has one version,
 * kept beside it: null until the document is first saved. Its save sends back the version read.
 */
export const settingsVersionShape = { updatedAt: expectedUpdatedAtSchema.nullable() } as const;
/** In a settings document's reply: its version, null until first saved. */
export const settingsVersionReplyShape = {
  updatedAt: z
    .string()
    .nullable()
    .meta({ description: 'The version to send back with the next save; null until first saved.' }),
} as const;

/** The fragment an update body extends: `schema.extend({ ...versionShape })`. */
export const versionShape = { updatedAt: expectedUpdatedAtSchema } as const;

/**
 * PUT/PATCH endpoints that do not take a version, each with the reason. Every other PUT/PATCH must
 * be `versioned: true` (a contract test holds the two lists together, so a new update route is
 * either versioned or explained here).
 */
export const UNVERSIONED_UPDATES: Readonly<Record<string, string>> = {
  'admins.changePassword': 'Confirmed with the current password; it replaces, it does not merge.',
  'admins.changePin': 'Confirmed with the password; it replaces, it does not merge.',
  'content.reorderFaqs': 'Sends every id of the language in order; a stale list is refused (conflict).',
  'marketplace.bindKiosk': 'Sets one binding to an explicit value; nothing read is written back.',
};
