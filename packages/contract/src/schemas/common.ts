import { z } from 'zod';
import { DEVICE_COMMAND_OUTCOME } from '../devices.js';

/*
 * Pieces of reply schemas that several areas share (issue #21). Replies describe the JSON as it
 * travels: instants are ISO 8601 strings, flags stored as integers stay 0 or 1.
 */

/** Something shown by its name and linked by its id (a user, a group, a schedule, an asset). */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** An instant as the server writes it: ISO 8601 in UTC. */
export const instantSchema = z.string().meta({ examples: ['2026-01-15T09:30:00.000Z'] });

/** A calendar date, `YYYY-MM-DD`. */
export const localDateSchema = z.string().meta({ examples: ['2026-01-15'] });

/** A flag stored as an integer. */
export const zeroOrOne = z.union([z.literal(0), z.literal(1)]);

/** What a delete answers when it answers anything: the id that is gone. */
export const deletedIdSchema = z.object({ id: z.number().int() });

/** How a door command ended: a device outcome, or `offline` when it could not be sent. */
export const DOOR_OPEN_OUTCOMES = [...DEVICE_COMMAND_OUTCOME, 'offline'] as const;
/** The result of opening one door (locker actions, kiosks). */
export const doorOpenResultSchema = z.object({
  ok: z.boolean(),
  outcome: z.enum(DOOR_OPEN_OUTCOMES),
  commandId: z.string(),
  lockerId: z.number().int().nullable(),
  placeId: z.number().int(),
  doorNumber: z.number().int(),
  failureReason: z.string().nullable(),
});
export type DoorOpenResultData = z.infer<typeof doorOpenResultSchema>;
