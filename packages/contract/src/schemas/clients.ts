import { z } from 'zod';
import { exportFields } from '../lists.js';
import { NAME_MAX } from '../limits.js';
import { emailSchema, idSchema, phoneSchema, urlIdSchema, wholeBetween } from '../validation.js';
import { instantSchema } from './common.js';
import { versionShape } from '../versioning.js';

/*
 * Clients (issue #31, ADR 0190): the organisations the operator serves. A client's name is also the
 * `company` text its orders, keys and store accounts carry; locations are granted to clients.
 */

export const RETENTION_DAYS_DEFAULT = 90;
export const RETENTION_DAYS_MAX = 3650;

const clientNameSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(NAME_MAX, 'validation.tooLong')
  .meta({ examples: ['Transportadora Norte'] });
const retentionDaysSchema = wholeBetween(1, RETENTION_DAYS_MAX, 'validation.retentionDays');

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** Days a parcel's recipient name, phone and e-mail are kept after the parcel ends. */
  retentionDays: z.number().int(),
  /** Differs only in case from another client's name since the upgrade (migration 0190): rename one. */
  nameClash: z.boolean(),
  /** The locations granted to the client. */
  placeIds: z.array(z.number().int()),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Client = z.infer<typeof clientSchema>;
export const clientListSchema = z.object({ clients: z.array(clientSchema) });
export type ClientList = z.infer<typeof clientListSchema>;

export const clientIdParamsSchema = z.object({ id: urlIdSchema });
export const createClientSchema = z.object({
  name: clientNameSchema,
  retentionDays: retentionDaysSchema.optional(),
});
export type CreateClientRequest = z.input<typeof createClientSchema>;
/** Rename, enable or disable, retention: each field optional, at least one given; with the version read. */
export const updateClientSchema = z
  .object({
    name: clientNameSchema.optional(),
    enabled: z.boolean().optional(),
    retentionDays: retentionDaysSchema.optional(),
    ...versionShape,
  })
  .refine(
    ({ updatedAt: _version, ...fields }) => Object.values(fields).some((v) => v !== undefined),
    'validation.required',
  );
export type UpdateClientRequest = z.input<typeof updateClientSchema>;
/** The whole set of locations granted to the client (replaces the previous one). */
export const clientGrantsSchema = z.object({ placeIds: z.array(idSchema).max(1000), ...versionShape });
export type ClientGrantsRequest = z.input<typeof clientGrantsSchema>;

/** A month as `YYYY-MM` (UTC). */
const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.month')
  .meta({ examples: ['2026-11'] });
export const usageQuerySchema = z.object({
  /** The client (operator only; a client's admin always reads its own). */
  clientId: urlIdSchema.optional(),
  month: monthSchema,
});
export type UsageQuery = z.input<typeof usageQuerySchema>;
export const usageExportQuerySchema = z.object({ ...usageQuerySchema.shape, ...exportFields });

/** One location's month for one client: parcels are counted by when the event happened. */
export const usageRowSchema = z.object({
  placeId: z.number().int(),
  placeName: z.string(),
  deposits: z.number().int(),
  pickups: z.number().int(),
  expired: z.number().int(),
  returned: z.number().int(),
  /** Mean hours from deposit to pickup of the month's pickups; null without any. */
  averageDwellHours: z.number().nullable(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;
export const usageSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  month: z.string(),
  rows: z.array(usageRowSchema),
});
export type Usage = z.infer<typeof usageSchema>;

/** One recipient, by phone or e-mail (exactly one). */
export const recipientLookupSchema = z
  .object({ phone: phoneSchema.optional(), email: emailSchema.optional() })
  .refine((b) => (b.phone === undefined) !== (b.email === undefined), 'validation.phoneOrEmail');
export type RecipientLookup = z.input<typeof recipientLookupSchema>;
export const recipientParcelSchema = z.object({
  orderId: z.number().int(),
  packageId: z.string(),
  clientName: z.string().nullable(),
  state: z.number().int(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  recipientEmail: z.string(),
  recipientNumber: z.string(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export const recipientDataSchema = z.object({
  parcels: z.array(recipientParcelSchema),
  /** Messages sent to the recipient (their texts included). */
  messages: z.array(
    z.object({
      orderId: z.number().int().nullable(),
      channel: z.string(),
      recipient: z.string(),
      body: z.string(),
      createdAt: instantSchema,
    }),
  ),
});
export type RecipientData = z.infer<typeof recipientDataSchema>;
/**
 * What an erase blanked: parcels and messages (sent or not); `cancelled` of those messages had not
 * gone out yet (an active parcel's code or reminder) and are withdrawn, never sent (issue #31).
 */
export const recipientErasedSchema = z.object({
  parcels: z.number().int(),
  messages: z.number().int(),
  cancelled: z.number().int(),
});
export type RecipientErased = z.infer<typeof recipientErasedSchema>;
