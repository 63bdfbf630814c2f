import { z } from 'zod';
import { isCard, normaliseCard } from './card.js';
import { CREDENTIAL_KIND } from './device-offline.js';
import { doorNumberOnWire, tagIdOnWire } from './devices.js';

/**
 * The controller's local HTTP API (docs/devices.md, "The local API"): what a person or the kiosk
 * page on the wall's own network types at the wall when the server is out of reach. JSON in and
 * out; browser pages only from the origins the wall was told (`--allow-origin`: the kiosk's server).
 */
export const LOCAL_API_LANGUAGES = ['pt', 'en', 'es', 'fr'] as const;
export type LocalApiLanguage = (typeof LOCAL_API_LANGUAGES)[number];

/** Why the wall opened nothing; the reply's `message` says it in the asked language. */
export const LOCAL_REFUSAL = [
  'unknownCode',
  'notNow',
  'used',
  'unknownParcel',
  'noFreeDoor',
  'doorFailed',
  'choose',
  'tooManyAttempts',
  'noCredentials',
  'badRequest',
] as const;
export type LocalRefusal = (typeof LOCAL_REFUSAL)[number];

const lang = z
  .enum(LOCAL_API_LANGUAGES)
  .optional()
  .describe('Language of `message`; default: Accept-Language, else pt.');

/** `POST /keypad`: a pickup or return PIN, or an office PIN, typed at the wall. */
export const localKeypadBodySchema = z.object({ code: z.string().trim().min(4).max(32), lang });
/** `POST /qr`: the pickup QR (its payload, or the pickup page link that carries it). */
export const localQrBodySchema = z.object({ qr: z.string().trim().min(8).max(1000), lang });
/** `POST /card`: a card on the reader; `credential` picks one of the `choices` of a first answer. */
export const localCardBodySchema = z.object({
  card: z
    .string()
    .max(128)
    .transform(normaliseCard)
    .refine(isCard, 'validation.card')
    .describe('The UID in hex; separators and case do not matter (normaliseCard).'),
  credential: z.string().min(1).max(64).optional(),
  kind: z
    .enum(['office', 'asset'])
    .optional()
    .describe("Only this card's credentials of this kind: the kiosk's task (its locker, an asset)."),
  lang,
});
/** `POST /deposit`: a courier's code and the barcode of the parcel to put in. */
export const localDepositBodySchema = z.object({
  code: z.string().trim().min(4).max(32),
  parcel: z.string().trim().min(1).max(64),
  lang,
});

export const localReplySchema = z.object({
  ok: z.boolean(),
  kind: z.enum(CREDENTIAL_KIND).optional(),
  doors: z.array(z.number().int()).describe('Doors that opened (empty when refused).'),
  reason: z.enum(LOCAL_REFUSAL).optional(),
  message: z.string(),
  lang: z.enum(LOCAL_API_LANGUAGES),
  choices: z
    .array(
      z.object({ credential: z.string(), kind: z.enum(CREDENTIAL_KIND), doors: z.array(z.number().int()) }),
    )
    .optional()
    .describe('With reason choose: what this card may open; ask again with one `credential`.'),
  serverReachable: z.boolean(),
});
export type LocalReply = z.infer<typeof localReplySchema>;

/** `GET /status`. */
export const localStatusSchema = z.object({
  placeId: z.number().int(),
  serverReachable: z.boolean(),
  credentialsVersion: z.number().int().nullable(),
  credentials: z.number().int().nonnegative().describe('How many credentials the wall holds.'),
  journalPending: z.number().int().nonnegative(),
  at: z.number().int(),
});
export type LocalStatus = z.infer<typeof localStatusSchema>;

/**
 * The simulator's hands (`--hands`; docs/devices.md, "The simulator"): what a person does to the
 * wall that no code can, for tests and demos of a simulator run as its own process. A real
 * controller has no such calls; browser pages may never make them.
 */
export const localHandsTagBodySchema = z.object({
  door: doorNumberOnWire,
  tagId: tagIdOnWire,
  present: z.boolean().describe('true: put the tagged thing in the door; false: take it out.'),
});
/** `POST /hands/close`: a person shuts a door (also clears a jam alert). */
export const localHandsCloseBodySchema = z.object({ door: doorNumberOnWire });
/** What the hands' calls answer: the door's tags as its reader sees them now. */
export const localHandsReplySchema = z.object({
  ok: z.boolean(),
  door: z.number().int(),
  open: z.boolean(),
  tags: z.array(z.string()),
});
export type LocalHandsReply = z.infer<typeof localHandsReplySchema>;
