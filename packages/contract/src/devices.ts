import { z } from 'zod';
import { DOOR_STATUS } from './codes/locker.js';

/**
 * The wire protocol between the server and a locker controller (docs/devices.md). The in-process
 * simulator speaks the same messages as a controller on MQTT, so both drivers share one code path.
 * Timestamps are epoch milliseconds of the controller's clock.
 */
export const DEVICE_TOPIC_PREFIX = 'cacifo';

export interface DeviceTopics {
  cmd: string;
  doors: string;
  event: string;
  connection: string;
}

/** A prefix other than `cacifo` lets tests and staging share one broker without crosstalk. */
export function deviceTopics(placeId: number, prefix: string = DEVICE_TOPIC_PREFIX): DeviceTopics {
  const base = `${prefix}/${placeId}`;
  return {
    cmd: `${base}/cmd`,
    doors: `${base}/state/doors`,
    event: `${base}/event`,
    connection: `${base}/state/connection`,
  };
}

const doorNumber = z.number().int().min(1).max(9999);
const epochMs = z.number().int().nonnegative();
const commandId = z.string().min(1).max(64);
const tagId = z.string().min(1).max(128);

/** What a controller itself can report: everything but offline, which only an observer can tell. */
export const deviceDoorStatusSchema = z.union([
  z.literal(DOOR_STATUS.OPEN),
  z.literal(DOOR_STATUS.ALERT_UNCOMMANDED),
  z.literal(DOOR_STATUS.CLOSED),
  z.literal(DOOR_STATUS.ALERT_JAMMED),
  z.literal(DOOR_STATUS.ALERT_LEFT_OPEN),
]);
export type DeviceDoorStatus = z.infer<typeof deviceDoorStatusSchema>;

/** `cacifo/{placeId}/cmd`. `snapshot` asks the controller to republish its door snapshot. */
export const deviceCommandSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('open'), commandId, door: doorNumber, at: epochMs }),
  z.object({ action: z.literal('snapshot'), commandId, at: epochMs }),
]);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const DEVICE_COMMAND_OUTCOME = ['opened', 'alreadyOpen', 'jammed', 'failed'] as const;
export type DeviceCommandOutcome = (typeof DEVICE_COMMAND_OUTCOME)[number];

export const deviceDoorSchema = z.object({
  door: doorNumber,
  status: deviceDoorStatusSchema,
  open: z.boolean(),
  tags: z.array(tagId),
});
export type DeviceDoor = z.infer<typeof deviceDoorSchema>;

/** `cacifo/{placeId}/state/doors`, retained: the whole controller, so a new subscriber is current. */
export const deviceSnapshotSchema = z.object({
  placeId: z.number().int(),
  at: epochMs,
  doors: z.array(deviceDoorSchema),
});
export type DeviceSnapshot = z.infer<typeof deviceSnapshotSchema>;

/** `cacifo/{placeId}/state/connection`, retained; the broker publishes `online: false` as last will. */
export const deviceConnectionSchema = z.object({ online: z.boolean(), at: epochMs.optional() });
export type DeviceConnection = z.infer<typeof deviceConnectionSchema>;

/** `cacifo/{placeId}/event`. */
export const deviceEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ack'), commandId, door: doorNumber.optional(), at: epochMs }),
  z.object({
    type: z.literal('commandResult'),
    commandId,
    door: doorNumber,
    outcome: z.enum(DEVICE_COMMAND_OUTCOME),
    reason: z.string().max(200).optional(),
    at: epochMs,
  }),
  z.object({
    type: z.literal('door'),
    door: doorNumber,
    status: deviceDoorStatusSchema,
    open: z.boolean(),
    /** Set when a command caused the change; absent for a person pulling the door or auto-close. */
    commandId: commandId.optional(),
    at: epochMs,
  }),
  z.object({ type: z.literal('tag'), door: doorNumber, tagId, present: z.boolean(), at: epochMs }),
  z.object({ type: z.literal('heartbeat'), uptimeMs: z.number().nonnegative(), at: epochMs }),
]);
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

/** Everything a controller emits, tagged with the topic it goes to. */
export type ControllerMessage =
  | { topic: 'event'; payload: DeviceEvent }
  | { topic: 'doors'; payload: DeviceSnapshot }
  | { topic: 'connection'; payload: DeviceConnection };
