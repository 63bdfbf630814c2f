import { z } from 'zod';
import { isCard, normaliseCard } from '../card.js';
import { versionShape } from '../versioning.js';
import {
  commaIdsSchema,
  DESCRIPTION_MAX,
  phoneSchema,
  idSchema,
  pinSchema,
  emailSchema,
  maxResultsSchema,
  NAME_MAX,
  offsetSchema,
  urlIdSchema,
} from '../validation.js';

export {
  ACCESS_REASON,
  accessReason,
  USER_STATUS,
  userStatus,
  USER_TYPE,
  userType,
  WEEKDAYS,
  type AccessReason,
  type UserStatus,
  type UserType,
  type Weekday,
} from '../codes/office.js';
import { USER_STATUS, USER_TYPE } from '../codes/office.js';
import { bulkIdsSchema, exportFields, sortQuery } from '../lists.js';

export * from './office-replies.js';
export * from './office-fields.js';
export * from './office-groups.js';
export * from './office-lockers.js';
import { optionalText } from './office-fields.js';

/**
 * Card UID as read by the reader: 4-32 hex digits, separators (spaces, colons, dashes, dots)
 * dropped, stored upper case (`normaliseCard`): "04:a3:1b:22" is "04A31B22". Hex only.
 */
export const cardSchema = z
  .string()
  .max(128, 'validation.card')
  .meta({
    description:
      'Card UID in hex: 4-32 hex digits once spaces, colons, dashes and dots are dropped; any case; stored upper case.',
    examples: ['04A1B2C3', '04:a1:b2:c3'],
  })
  .transform(normaliseCard)
  .refine(isCard, 'validation.card');
/** Internal (employee) number. */
export const internalNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,20}$/, 'validation.internalNumber');
const isoDateTimeSchema = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'validation.date')
  .transform((v) => new Date(v).toISOString());

/** Editable fields of a locker user (POST api/julian/user, PUT with id). */
export const lockerUserFieldsSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  login: optionalText(),
  numberPrefix: optionalText(10),
  number: z
    .union([internalNumberSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  email: z
    .union([emailSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  phone_number: z
    .union([phoneSchema, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  nif: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{9}$/, 'validation.nif')
        .meta({ examples: ['123456789'] }),
      z.literal(''),
    ])
    .nullish()
    .transform((v) => (v ? v : null)),
  obs: optionalText(DESCRIPTION_MAX),
  /** Legacy free text, read by nothing; the kiosk's card is `card` (issue #33). */
  card_number: optionalText(32),
  /**
   * The card the kiosk reads (issue #33), as the user form edits it: absent leaves it as it is,
   * empty or null clears it. Same rules as `{ id, card }`: normalised, unique (cardAssigned).
   */
  card: z
    .union([cardSchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  ccms: optionalText(),
  name_ccms: optionalText(),
  building: optionalText(),
  floor: optionalText(20),
  project: optionalText(),
  invoice: optionalText(),
  country: optionalText(2),
  status: z.enum(USER_STATUS).default('active'),
  userType: z.enum(USER_TYPE).default('employee'),
  validUntil: isoDateTimeSchema.nullish().transform((v) => v ?? null),
});
export type LockerUserFields = z.infer<typeof lockerUserFieldsSchema>;
export type LockerUserFieldsInput = z.input<typeof lockerUserFieldsSchema>;

/** POST api/julian/user: a new user has id 0 (or none). */
export const createLockerUserSchema = lockerUserFieldsSchema.extend({
  id: z.literal(0).optional(),
});
/** PUT api/julian/user with the fields. */
export const updateLockerUserSchema = lockerUserFieldsSchema.extend({
  id: idSchema,
  ...versionShape,
});
/** PUT api/julian/user with `card`: empty or null clears it. Needs an existing user (id not 0). */
export const updateCardSchema = z.object({
  id: idSchema,
  card: z.union([cardSchema, z.literal(''), z.null()]).transform((v) => (v ? v : null)),
});
/** PUT api/julian/user with `pin`: exactly 4 digits; empty or null removes it. Needs an existing user (id not 0). */
export const updatePinSchema = z.object({
  id: idSchema,
  pin: z.union([pinSchema, z.literal(''), z.null()]).transform((v) => (v ? v : null)),
});

/**
 * PUT api/julian/user takes one of three bodies, told apart by their keys as SPEC's client sends
 * them: with `name` the fields (a user read back and sent again carries `card` and a masked `pin`
 * too); otherwise `pin` alone, or `card` alone. Card and PIN need an existing user (id 0 fails).
 * Dispatched here rather than with a zod union so each body's field errors stay its own (a union
 * answers one error for the whole body).
 */
type UpdateUserBodyInput =
  z.input<typeof updateLockerUserSchema> | z.input<typeof updatePinSchema> | z.input<typeof updateCardSchema>;
export type UpdateUserBody =
  | ({ kind: 'fields' } & z.output<typeof updateLockerUserSchema>)
  | ({ kind: 'pin' } & z.output<typeof updatePinSchema>)
  | ({ kind: 'card' } & z.output<typeof updateCardSchema>);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const updateLockerUserBodySchema = z
  .custom<UpdateUserBodyInput>(isRecord)
  .transform((body, ctx): UpdateUserBody => {
    const parsed = (() => {
      if (!('name' in body) && 'pin' in body) {
        const r = updatePinSchema.safeParse(body);
        return r.success ? { ok: { kind: 'pin' as const, ...r.data } } : { issues: r.error.issues };
      }
      if (!('name' in body) && 'card' in body) {
        const r = updateCardSchema.safeParse(body);
        return r.success ? { ok: { kind: 'card' as const, ...r.data } } : { issues: r.error.issues };
      }
      const r = updateLockerUserSchema.safeParse(body);
      return r.success ? { ok: { kind: 'fields' as const, ...r.data } } : { issues: r.error.issues };
    })();
    if (parsed.ok) return parsed.ok;
    for (const issue of parsed.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  })
  .meta({
    description:
      'One of: the user fields with `id` and the `updatedAt` the editor read; `{ id, pin }` (empty or null pin removes it); `{ id, card }` (empty card clears it).',
    examples: [
      { id: 12, name: 'Ana Silva', email: 'ana.silva@example.pt', updatedAt: '2026-01-15T09:30:00.000Z' },
      { id: 12, pin: '1234' },
      { id: 12, card: '04A1B2C3' },
    ],
  });

export const setEnabledSchema = z.object({
  id: idSchema,
  enabled: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => (v ? 1 : 0)),
});

/** The users list's filters and sort (the whitelist of columns the server sorts by). */
const usersFilterShape = {
  search: z.string().trim().max(100).optional(),
  enabled: z.enum(['0', '1']).optional(),
  userType: z.enum(USER_TYPE).optional(),
  groupId: urlIdSchema.optional(),
  placeId: urlIdSchema.optional(),
  ...sortQuery(['name', 'number', 'createdAt'], 'name'),
};
export const listUsersQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...usersFilterShape,
});
/** GET api/julian/users/export: the filtered list as .xlsx or .csv. */
export const usersExportQuerySchema = z.object({ ...usersFilterShape, ...exportFields });
export type UsersExportQuery = z.output<typeof usersExportQuerySchema>;
/** Bulk actions of the users list; `addToGroup` names the group. */
export const USER_BULK_ACTIONS = ['enable', 'disable', 'addToGroup'] as const;
export const usersBulkSchema = z
  .object({
    action: z.enum(USER_BULK_ACTIONS),
    ids: bulkIdsSchema,
    groupId: idSchema.optional(),
  })
  .refine((b) => b.action !== 'addToGroup' || b.groupId !== undefined, {
    message: 'validation.required',
    path: ['groupId'],
  });
export type UsersBulkRequest = z.input<typeof usersBulkSchema>;
export type UsersBulkBody = z.output<typeof usersBulkSchema>;
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;
/** The users list's query as the server reads it (defaults applied). */
export type UsersFilter = z.output<typeof listUsersQuerySchema>;

export const groupScheduleLinkQuery = z.object({ userId: urlIdSchema, userGroupIds: commaIdsSchema });
export const userScheduleLinkQuery = z.object({ lockerUserId: urlIdSchema, scheduleIds: commaIdsSchema });
export const userLockersSchema = z.object({
  userId: idSchema,
  lockerIds: z.array(idSchema).min(1).max(100),
  expiresAt: isoDateTimeSchema.nullish().transform((v) => v ?? null),
});

/** A person at a kiosk: a card or a PIN (exactly one) at a location. */
const kioskCredentialSchema = z.object({
  /** The screen's own place; optional, and refused when it names any other (issue #20). */
  placeId: idSchema.optional(),
  card: cardSchema.optional(),
  pin: pinSchema.optional(),
});
const oneCredential = <T extends z.ZodType<{ card?: string | undefined; pin?: string | undefined }>>(
  schema: T,
) =>
  schema.refine((v) => (v.card === undefined) !== (v.pin === undefined), {
    message: 'validation.cardOrPin',
    path: ['card'],
  });

/** The kiosk call of the screen role: a card or a PIN at a location, optionally a chosen locker. */
export const kioskAccessSchema = oneCredential(
  kioskCredentialSchema.extend({ lockerId: idSchema.optional() }),
);
export type KioskAccessRequest = z.input<typeof kioskAccessSchema>;

/** The assets kiosk (issue #27): who is this, and which assets stored here may they take now? */
export const kioskAssetsSchema = oneCredential(kioskCredentialSchema);
export type KioskAssetsRequest = z.output<typeof kioskAssetsSchema>;
/** The assets kiosk: take this asset (its door opens). */
export const kioskTakeAssetSchema = oneCredential(kioskCredentialSchema.extend({ assetId: idSchema }));
export type KioskTakeAssetRequest = z.output<typeof kioskTakeAssetSchema>;
/** The office wall: bring this asset back (a door here opens for it, issue #33). */
export const kioskReturnAssetSchema = oneCredential(kioskCredentialSchema.extend({ assetId: idSchema }));
export type KioskReturnAssetRequest = z.output<typeof kioskReturnAssetSchema>;

/** GET api/julian/office/accessCheck: would this user be let in? Opens nothing. */
export const accessCheckQuerySchema = z.object({
  userId: urlIdSchema,
  placeId: urlIdSchema,
  lockerId: urlIdSchema.optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type AccessCheckQuery = z.output<typeof accessCheckQuerySchema>;
