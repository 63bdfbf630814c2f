import { z } from 'zod';
import { DOOR_STATUS } from './codes/locker.js';
import { DOOR_NUMBER_MAX, TAG_ID_MAX, TAG_ID_PATTERN } from './limits.js';

/**
 * The wire protocol between the server and a locker controller (docs/devices.md, and
 * docs/asyncapi.yaml generated from these schemas by `npm run docs:devices`). The in-process
 * simulator speaks the same messages as a controller on MQTT, so both drivers share one code path.
 * Timestamps are epoch milliseconds; a controller's clock must be synchronised (NTP).
 */
export const DEVICE_TOPIC_PREFIX = 'cacifo';

export interface DeviceTopics {
  cmd: string;
  config: string;
  doors: string;
  event: string;
  connection: string;
}

/** A prefix other than `cacifo` lets tests and staging share one broker without crosstalk. */
export function deviceTopics(placeId: number, prefix: string = DEVICE_TOPIC_PREFIX): DeviceTopics {
  const base = `${prefix}/${placeId}`;
  return {
    cmd: `${base}/cmd`,
    config: `${base}/config`,
    doors: `${base}/state/doors`,
    event: `${base}/event`,
    connection: `${base}/state/connection`,
  };
}

/** MQTT client id a controller connects with: unique on the broker, stable across reconnects. */
export function controllerClientId(placeId: number, prefix: string = DEVICE_TOPIC_PREFIX): string {
  return `${prefix}-controller-${placeId}`;
}

/** A door as a controller names it: the range a location's lockers take (limits.ts). */
export const doorNumberOnWire = z
  .number()
  .int()
  .min(1)
  .max(DOOR_NUMBER_MAX)
  .describe(`Door number, 1-${DOOR_NUMBER_MAX}, as on the locker.`);
const doorNumber = doorNumberOnWire;
const epochMs = z
  .number()
  .int()
  .nonnegative()
  .describe(
    "Sender's clock, epoch milliseconds. More than 5 minutes away from the server's receive time, it is replaced by the receive time and logged (synchronise the controller's clock, NTP).",
  );
const commandId = z
  .string()
  .min(1)
  .max(64)
  .describe('Chosen by the server; echoed in ack and commandResult.');
/** A tag as a reader reports it, in the form an asset records it (limits.ts). */
export const tagIdOnWire = z
  .string()
  .min(1)
  .max(TAG_ID_MAX)
  .regex(TAG_ID_PATTERN)
  .describe(`RFID tag id as read: 1-${TAG_ID_MAX} of A-Z, a-z, 0-9, ':', '_', '-'.`);
const tagId = tagIdOnWire;

/**
 * Where a controller message stands in the controller's own history (docs/devices.md, "Sequence
 * numbers"): `boot` names the run of the controller and grows at every start; `seq` grows with every
 * message within one boot. (boot, seq) orders every message a controller ever sent, journal entries
 * replayed after an outage included, whatever order they arrive in.
 */
export const controllerBootSchema = z
  .number()
  .int()
  .nonnegative()
  .describe(
    'Run of the controller: greater at every start than at the one before (a boot counter kept in flash, or the start time in epoch milliseconds once the clock is synchronised). The same for every message of one run.',
  );
export const controllerSeqSchema = z
  .number()
  .int()
  .nonnegative()
  .describe(
    'Sequence number within the boot: greater in every message the controller publishes than in the one before (the simulator adds one per message, starting at 1). Ordered by (boot, seq): what the server holds newer is not applied.',
  );
export const controllerSequenceShape = { boot: controllerBootSchema, seq: controllerSeqSchema };
export interface ControllerSequence {
  boot: number;
  seq: number;
}

/** Negative when `a` was sent before `b` by the same controller, 0 for the same message. */
export function compareSequence(a: ControllerSequence, b: ControllerSequence): number {
  return a.boot === b.boot ? a.seq - b.seq : a.boot - b.boot;
}

/** What a controller itself can report: everything but offline, which only an observer can tell. */
export const deviceDoorStatusSchema = z
  .union([
    z.literal(DOOR_STATUS.OPEN),
    z.literal(DOOR_STATUS.ALERT_UNCOMMANDED),
    z.literal(DOOR_STATUS.CLOSED),
    z.literal(DOOR_STATUS.ALERT_JAMMED),
    z.literal(DOOR_STATUS.ALERT_LEFT_OPEN),
  ])
  .describe(
    '0 open (commanded), 1 alert: opened with no command, 2 closed, 3 alert: jammed (commanded, stayed closed), 11 alert: left open past the threshold. 255 (offline) is never sent: the server derives it.',
  );
export type DeviceDoorStatus = z.infer<typeof deviceDoorStatusSchema>;

/** Why the exterior (courier/street) door of a locker wall is opened: order states 16 and 17. */
export const EXTERIOR_PURPOSE = ['deposit', 'pickup'] as const;
export type ExteriorPurpose = (typeof EXTERIOR_PURPOSE)[number];
const exteriorPurpose = z
  .enum(EXTERIOR_PURPOSE)
  .describe(
    'deposit: a courier reaches the lockers from the back (order state 16); pickup: a recipient (17).',
  );

/** `cacifo/{placeId}/cmd`. `snapshot` asks the controller to republish its door snapshot. */
export const deviceCommandSchema = z.discriminatedUnion('action', [
  z
    .object({ action: z.literal('open'), commandId, door: doorNumber, at: epochMs })
    .describe('Open one locker door. Answered by ack, then commandResult (and a door event).'),
  z
    .object({ action: z.literal('snapshot'), commandId, at: epochMs })
    .describe('Republish state/doors now. Answered by ack (no door) and the snapshot.'),
  z
    .object({ action: z.literal('openExterior'), commandId, purpose: exteriorPurpose, at: epochMs })
    .describe(
      "Open the wall's exterior door. Answered by ack, then commandResult without door (and an exteriorDoor event).",
    ),
]);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/**
 * `cacifo/{placeId}/config`, retained, from the server: what a controller needs to behave as this
 * deployment expects. A controller applies the latest one on every (re)connect.
 */
export const deviceConfigSchema = z
  .object({
    placeId: z.number().int().describe('The place this topic belongs to (a check for miswired controllers).'),
    leftOpenAfterMs: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe(
        'A commanded door still open this long turns to status 11; null: never (global option "door left open after N min").',
      ),
    heartbeatIntervalMs: z
      .number()
      .int()
      .positive()
      .describe('Send a heartbeat at least this often: a third of the server offline threshold.'),
    at: epochMs,
  })
  .describe('Retained, from the server.');
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

export const DEVICE_COMMAND_OUTCOME = ['opened', 'alreadyOpen', 'jammed', 'failed'] as const;
export type DeviceCommandOutcome = (typeof DEVICE_COMMAND_OUTCOME)[number];

export const deviceDoorSchema = z.object({
  door: doorNumber,
  status: deviceDoorStatusSchema,
  open: z.boolean().describe('The door sensor.'),
  tags: z.array(tagId).describe('Every tag the reader of this door sees now (empty array: none).'),
});
export type DeviceDoor = z.infer<typeof deviceDoorSchema>;

export const deviceExteriorDoorSchema = z
  .object({ status: deviceDoorStatusSchema, open: z.boolean() })
  .describe("The wall's exterior (courier/street) door; absent when the wall has none.");
export type DeviceExteriorDoor = z.infer<typeof deviceExteriorDoorSchema>;

/** `cacifo/{placeId}/state/doors`, retained: the whole controller, so a new subscriber is current. */
export const deviceSnapshotSchema = z
  .object({
    placeId: z
      .number()
      .int()
      .describe('The place the controller believes it serves; a snapshot naming another place is refused.'),
    ...controllerSequenceShape,
    at: epochMs,
    doors: z.array(deviceDoorSchema).describe('Every door of the controller.'),
    exterior: deviceExteriorDoorSchema.optional(),
  })
  .describe(
    'Retained, republished after every change, with a seq of its own: it holds every change with a lower seq of the same boot. Authoritative for tags: a tag stored as detected at this place but absent here is marked missing.',
  );
export type DeviceSnapshot = z.infer<typeof deviceSnapshotSchema>;

/** `cacifo/{placeId}/state/connection`, retained; the broker publishes `online: false` as last will. */
export const deviceConnectionSchema = z
  .object({
    online: z.boolean(),
    boot: controllerBootSchema
      .optional()
      .describe(
        'With online true: the boot of the run that starts. A boot lower than the last one the server heard means the controller lost its counter (replaced, reflashed): the server starts over from it.',
      ),
    at: epochMs.optional(),
  })
  .describe('Retained. {"online":true} on every connect; {"online":false} as last will and on a clean stop.');
export type DeviceConnection = z.infer<typeof deviceConnectionSchema>;

/** `cacifo/{placeId}/event`. */
export const deviceEventSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('ack'),
      ...controllerSequenceShape,
      commandId,
      door: doorNumber.optional().describe('The door of an open command; absent for other commands.'),
      at: epochMs,
    })
    .describe('The command was received and will be carried out; within 3 s of the command.'),
  z
    .object({
      type: z.literal('commandResult'),
      ...controllerSequenceShape,
      commandId,
      door: doorNumber.optional().describe('The door of an open command; absent for openExterior.'),
      outcome: z.enum(DEVICE_COMMAND_OUTCOME),
      reason: z.string().max(200).optional().describe('Why it failed, e.g. unknownDoor, noExteriorDoor.'),
      at: epochMs,
    })
    .describe('The outcome, within 10 s of the ack; after the door event it caused.'),
  z
    .object({
      type: z.literal('door'),
      ...controllerSequenceShape,
      door: doorNumber,
      status: deviceDoorStatusSchema,
      open: z.boolean(),
      commandId: commandId
        .optional()
        .describe(
          'Set when a command caused the change; absent for a person pulling the door or auto-close.',
        ),
      at: epochMs,
    })
    .describe('A door changed (sensor or status).'),
  z
    .object({
      type: z.literal('exteriorDoor'),
      ...controllerSequenceShape,
      status: deviceDoorStatusSchema,
      open: z.boolean(),
      commandId: commandId.optional().describe('Set when an openExterior command caused the change.'),
      purpose: exteriorPurpose.optional().describe("The opening command's purpose, with commandId."),
      at: epochMs,
    })
    .describe("The wall's exterior door changed."),
  z
    .object({
      type: z.literal('tag'),
      ...controllerSequenceShape,
      door: doorNumber,
      tagId,
      present: z.boolean(),
      at: epochMs,
    })
    .describe('A tag arrived at (present true) or left (false) a door.'),
  z
    .object({
      type: z.literal('heartbeat'),
      ...controllerSequenceShape,
      uptimeMs: z.number().nonnegative().describe('Since the controller started.'),
      at: epochMs,
    })
    .describe('At least every heartbeatIntervalMs of the config (5 s by default).'),
]);
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

/** Everything a controller emits, tagged with the topic it goes to. */
export type ControllerMessage =
  | { topic: 'event'; payload: DeviceEvent }
  | { topic: 'doors'; payload: DeviceSnapshot }
  | { topic: 'connection'; payload: DeviceConnection };
