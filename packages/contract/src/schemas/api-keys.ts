import { z } from 'zod';
import { API_SCOPE, apiScope } from '../codes/partner.js';
import { NAME_MAX } from '../limits.js';
import { maxResultsSchema, offsetSchema, urlIdSchema } from '../validation.js';
import { instantSchema } from './common.js';

/*
 * Partner API keys (issue #24), managed by admins in Administration > Integrations. The secret is
 * answered once, when the key is made or rotated; only its SHA-256 is stored.
 */

export const apiScopeSchema = z.enum(apiScope.values);

export const createApiKeySchema = z.object({
  /** Who the key is for: the partner's name, as the list shows it. */
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  scopes: z
    .array(apiScopeSchema)
    .min(1, 'validation.required')
    .transform((s) => [...new Set(s)])
    .meta({ examples: [[API_SCOPE.ORDERS_WRITE, API_SCOPE.ORDERS_READ]] }),
  /**
   * The client the key belongs to (today the client's `company` text; ADR 0100): the key creates,
   * reads, cancels and hears of that client's orders only. Required: no key reaches every client.
   */
  companyId: z
    .string('validation.clientRequired')
    .trim()
    .min(1, 'validation.clientRequired')
    .max(NAME_MAX, 'validation.tooLong')
    .meta({ examples: ['Transportadora Norte'] }),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: urlIdSchema });

export const apiKeyListQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  /** Revoked keys too (they stay listed for the record). */
  revoked: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** The keys of one client, by its name (the operator's client filter, issue #31). */
  company: z.string().trim().min(1).max(NAME_MAX).optional(),
});

/** A key as lists show it: never its secret or hash. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key (`ck_` and 8 more), to recognise it. */
  prefix: z.string().meta({ examples: ['ck_7Fq2LmZa'] }),
  scopes: z.array(apiScopeSchema),
  /** The client the key belongs to. */
  companyId: z.string(),
  createdAt: instantSchema,
  /** The admin who made the key. */
  createdBy: z.string(),
  rotatedAt: instantSchema.nullable(),
  lastUsedAt: instantSchema.nullable(),
  revokedAt: instantSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A new or rotated key: the summary plus the secret, shown this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({
  key: z.string().meta({ examples: ['ck_7Fq2LmZaQk3v9XwT1bHs0pRj5yNc8eUd4gAo6iKf2Mh'] }),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema), total: z.number().int() });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
