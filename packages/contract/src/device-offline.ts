import { z } from 'zod';
import { normaliseCard } from './card.js';
import { controllerSequenceShape, DEVICE_TOPIC_PREFIX, doorNumberOnWire, tagIdOnWire } from './devices.js';

/**
 * A locker wall that keeps working while the server is unreachable (docs/devices.md, "Working
 * without the server"; docs/adr/0125): the server hands each controller the credentials it may
 * check alone (only keyed hashes), the controller journals what it did, and replays the journal
 * until the server acknowledges each entry. The controller's local HTTP API (keypad, card, QR,
 * deposit) is specified here too, so the simulator and the kiosk page speak the same thing.
 */
export interface OfflineTopics {
  /** Retained full credential set, from the server. */
  credentials: string;
  /** Increments of the credential set, from the server, not retained. */
  credentialsDelta: string;
  /** Journal entries, from the controller. */
  journal: string;
  /** Acknowledgements of journal entries, from the server, not retained. */
  journalAck: string;
}

export function offlineTopics(placeId: number, prefix: string = DEVICE_TOPIC_PREFIX): OfflineTopics {
  const base = `${prefix}/${placeId}`;
  return {
    credentials: `${base}/credentials`,
    credentialsDelta: `${base}/credentials/delta`,
    journal: `${base}/journal`,
    journalAck: `${base}/journal/ack`,
  };
}

/** Every server instance beats here; a controller that hears none for a while works alone. */
export function serverHeartbeatTopic(prefix: string = DEVICE_TOPIC_PREFIX): string {
  return `${prefix}/server/heartbeat`;
}

/** How a credential is presented at the wall: typed PIN, shown QR, card on the reader, courier code. */
export const CREDENTIAL_VIA = ['pin', 'qr', 'card', 'code'] as const;
export type CredentialVia = (typeof CREDENTIAL_VIA)[number];

/**
 * What the credential is for. pickup: a recipient's parcel(s); return: a courier taking an expired
 * parcel back; deposit: a carrier's courier putting parcels in; office: a locker user's own and
 * shared lockers; asset: one person taking one asset.
 */
export const CREDENTIAL_KIND = ['pickup', 'return', 'deposit', 'office', 'asset'] as const;
export type CredentialKind = (typeof CREDENTIAL_KIND)[number];

/**
 * The text both sides key-hash for a presented value: `HMAC-SHA256(placeKey, "{via}:{value}")`,
 * lower-case hex. A parcel's barcode is hashed as via `parcel`. A card is hashed normalised
 * (`normaliseCard`: no separators, upper case), so a reader's "04a31b22" matches the stored
 * "04A31B22". The place key is provisioned on the controller at installation and never travels
 * (docs/adr/0125).
 */
export function credentialHashInput(via: CredentialVia | 'parcel', value: string): string {
  return `${via}:${via === 'card' ? normaliseCard(value) : value.trim()}`;
}

/** `keyCheck` of a credential set: the first 16 hex digits of HMAC-SHA256(placeKey, this). */
export const KEY_CHECK_INPUT = 'cacifo-key-check';

const hmacHex = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .describe('HMAC-SHA256 of the presented value with the place key, lower-case hex (never the value).');
const epochMs = z.number().int().nonnegative().describe('Epoch milliseconds.');
const doorNumber = doorNumberOnWire;
const credentialId = z
  .string()
  .min(1)
  .max(64)
  .describe('Opaque to the controller; named in the journal entries it causes.');
export const LOCKER_SIZES_ON_WIRE = ['XS', 'S', 'M', 'L'] as const;

export const deviceCredentialSchema = z.object({
  id: credentialId,
  kind: z.enum(CREDENTIAL_KIND),
  match: z
    .array(z.object({ via: z.enum(CREDENTIAL_VIA), hash: hmacHex }))
    .min(1)
    .max(4)
    .describe('Any of these, presented, is this credential (a parcel answers to its PIN and its QR).'),
  doors: z
    .array(doorNumber)
    .max(64)
    .describe(
      'Doors it opens, in order (an office user: own lockers first). Empty for deposit: the parcel decides.',
    ),
  windows: z
    .array(z.object({ from: epochMs, until: epochMs }))
    .min(1)
    .max(64)
    .describe('Valid only inside one of these (from included, until excluded), by the controller clock.'),
  oneTime: z
    .boolean()
    .describe(
      'Used once (a door opened with it), the controller refuses it until the server says otherwise.',
    ),
});
export type DeviceCredential = z.infer<typeof deviceCredentialSchema>;

export const deviceExpectedParcelSchema = z
  .object({
    id: credentialId,
    parcel: hmacHex.describe('HMAC of "parcel:{package id}" (the barcode the courier scans).'),
    size: z.enum(LOCKER_SIZES_ON_WIRE),
    door: doorNumber.nullable().describe('The door reserved for it, or null: any free door of its size.'),
    depositors: z.array(credentialId).max(64).describe('Deposit credentials that may put it in.'),
  })
  .describe('A parcel announced for deposit at this wall.');
export type DeviceExpectedParcel = z.infer<typeof deviceExpectedParcelSchema>;

const freeDoors = z
  .array(z.object({ door: doorNumber, size: z.enum(LOCKER_SIZES_ON_WIRE) }))
  .max(10_000)
  .describe('Doors empty and in service now, for deposits of parcels without a reserved door.');

/** `{prefix}/{placeId}/credentials`, retained: everything the controller may decide alone. */
export const deviceCredentialSetSchema = z
  .object({
    placeId: z.number().int(),
    version: z
      .number()
      .int()
      .positive()
      .describe('Grows with every change; deltas name the version they apply to.'),
    keyCheck: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .describe(
        'Proves which place key the hashes were made with; a controller with another key ignores the set.',
      ),
    credentials: z.array(deviceCredentialSchema).max(50_000),
    parcels: z.array(deviceExpectedParcelSchema).max(10_000),
    freeDoors,
    at: epochMs,
  })
  .describe('Retained, from the server: the whole credential set of the place.');
export type DeviceCredentialSet = z.infer<typeof deviceCredentialSetSchema>;

/** `{prefix}/{placeId}/credentials/delta`: what changed from `fromVersion` to `version`. */
export const deviceCredentialDeltaSchema = z
  .object({
    placeId: z.number().int(),
    fromVersion: z.number().int().positive(),
    version: z.number().int().positive(),
    upsert: z
      .array(deviceCredentialSchema)
      .max(50_000)
      .describe('New or changed credentials (a change resets one-time use).'),
    revoke: z.array(credentialId).max(50_000).describe('Credentials that no longer open anything.'),
    parcels: z
      .array(deviceExpectedParcelSchema)
      .max(10_000)
      .describe('The whole list of parcels expected now.'),
    freeDoors,
    at: epochMs,
  })
  .describe(
    'Not retained. Applied only on top of fromVersion; otherwise the controller waits for the full set.',
  );
export type DeviceCredentialDelta = z.infer<typeof deviceCredentialDeltaSchema>;

/** `{prefix}/server/heartbeat`: a server instance is there; sent every heartbeat period of the config. */
export const serverHeartbeatSchema = z.object({ instance: z.string().min(1).max(64), at: epochMs });
export type ServerHeartbeat = z.infer<typeof serverHeartbeatSchema>;

/** The outcome of a door a controller opened by itself (as a command's, without `failed` reasons). */
export const LOCAL_DOOR_OUTCOME = ['opened', 'alreadyOpen', 'jammed'] as const;

/** Where a journal entry stands in the controller's history: the same (boot, seq) as its events. */
const sequence = controllerSequenceShape;

export const deviceJournalEntrySchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('access'),
      ...sequence,
      credentialId,
      kind: z.enum(CREDENTIAL_KIND),
      via: z.enum(CREDENTIAL_VIA),
      doors: z.array(z.object({ door: doorNumber, outcome: z.enum(LOCAL_DOOR_OUTCOME) })).min(1),
      matched: z
        .string()
        .regex(/^[0-9a-f]{16}$/)
        .optional()
        .describe(
          'The first 16 hex digits of the hash that matched: which of its codes was used, so the server knows a code replaced meanwhile.',
        ),
      at: epochMs,
    })
    .describe('The controller accepted a credential and drove these doors.'),
  z
    .object({
      type: z.literal('deposit'),
      ...sequence,
      credentialId,
      parcelId: credentialId,
      door: doorNumber,
      outcome: z.enum(LOCAL_DOOR_OUTCOME),
      matched: z
        .string()
        .regex(/^[0-9a-f]{16}$/)
        .optional()
        .describe('The first 16 hex digits of the courier code hash that matched.'),
      at: epochMs,
    })
    .describe('A courier code and an expected parcel: the controller chose this door and drove it.'),
  z
    .object({
      type: z.literal('door'),
      ...sequence,
      door: doorNumber,
      status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(11)]),
      open: z.boolean(),
      access: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .describe('seq of the access or deposit entry that opened this door, while it stays open.'),
      at: epochMs,
    })
    .describe('A door changed while the server was unreachable, or a door opened by the controller itself.'),
  z
    .object({
      type: z.literal('tag'),
      ...sequence,
      door: doorNumber,
      tagId: tagIdOnWire,
      present: z.boolean(),
      at: epochMs,
    })
    .describe(
      'A tag arrived or left while the server was unreachable, or at a door opened by the controller.',
    ),
]);
export type DeviceJournalEntry = z.infer<typeof deviceJournalEntrySchema>;

/** `{prefix}/{placeId}/journal/ack`: these entries are applied (or were already); drop them. */
export const deviceJournalAckSchema = z
  .object({
    placeId: z.number().int(),
    entries: z.array(z.object(sequence)).min(1).max(1000),
    at: epochMs,
  })
  .describe('Not retained. An entry not acknowledged is sent again at the next server heartbeat.');
export type DeviceJournalAck = z.infer<typeof deviceJournalAckSchema>;
