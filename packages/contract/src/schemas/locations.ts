import { z } from 'zod';
import { settingsVersionReplyShape, settingsVersionShape, versionShape } from '../versioning.js';
import { LOCATION_MODE, LOCKER_SIZE, PLACE_TYPE } from '../codes/locker.js';
import { exportFields, sortQuery } from '../lists.js';
import { maxResultsSchema, offsetSchema, pinSchema, wholeBetween, NAME_MAX } from '../validation.js';
import { DOOR_NUMBER_MAX } from '../limits.js';

export * from './location-replies.js';
export * from './alert-list.js';

/** The columns the locations list sorts by on the server (issue #22); ties by id. */
export const PLACE_SORT_COLUMNS = ['name', 'type'] as const;
const placeFilterShape = {
  /** SPEC: default OFFICE; ALL lists every type. */
  type: z.enum([...Object.values(PLACE_TYPE), 'ALL']).default('OFFICE'),
  /** The location's mode (normal, maintenance, cleaning, emergency). */
  mode: z.enum(Object.values(LOCATION_MODE) as [string, ...string[]]).optional(),
  /** Part of the name, in any case. */
  search: z.string().trim().max(NAME_MAX).optional(),
  ...sortQuery(PLACE_SORT_COLUMNS, 'name', 'asc'),
};
export const listPlacesQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...placeFilterShape,
});
/** GET /api/julian/places/export: the filtered locations with their counts as .xlsx or .csv. */
export const placesExportQuerySchema = z.object({ ...placeFilterShape, ...exportFields });
export type PlacesExportQuery = z.output<typeof placesExportQuerySchema>;

const lockerInputSchema = z.object({
  doorNumber: wholeBetween(1, DOOR_NUMBER_MAX, 'validation.doorNumber'),
  size: z.enum(Object.values(LOCKER_SIZE) as [string, ...string[]], 'validation.lockerSize'),
  accessibility: z.boolean().default(false),
});

/** Create or edit a location and its lockers (/locations/config/new). */
const placeFields = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.nameTooLong'),
  type: z.enum(Object.values(PLACE_TYPE) as [string, ...string[]]),
  systemType: z.string().trim().min(1).max(50).default('locker'),
  address: z.string().trim().max(200).nullable().default(null),
  /** The lockers stand behind an exterior door that deposits and pickups open first (states 16, 17). */
  exteriorDoor: z.boolean().default(false),
  lockers: z.array(lockerInputSchema).min(1, 'validation.lockersRequired').max(500),
});
const doorsDiffer = (p: { lockers: { doorNumber: number }[] }) =>
  new Set(p.lockers.map((l) => l.doorNumber)).size === p.lockers.length;
const doorsUnique = { message: 'validation.doorNumbersUnique', path: ['lockers'] };
export const placeInputSchema = placeFields.refine(doorsDiffer, doorsUnique);
export type PlaceInput = z.infer<typeof placeInputSchema>;
/** PUT place/:id: the location and its lockers, with the version the editor read. */
export const updatePlaceSchema = placeFields.extend(versionShape).refine(doorsDiffer, doorsUnique);
export type PlaceUpdate = z.infer<typeof updatePlaceSchema>;

export const placeModeRequestSchema = z.object({ mode: z.enum(LOCATION_MODE) });

export const lockerEnabledRequestSchema = z.object({ enabled: z.union([z.literal(0), z.literal(1)]) });

/**
 * Global options: deployment-wide rules an admin may change, behind the admin PIN (issue #27, ADR
 * 0071). Each one takes effect somewhere: `officeReservationHours` is the expiry of an office
 * assignment made without one (0: assignments do not expire), `doorLeftOpenMinutes` is sent to the
 * controllers that raise the left-open alert, `kioskMessage` is shown on every kiosk's home screen.
 * The parcel pickup deadline is not here: it belongs to the pickup rules per location type.
 */
export const globalOptionsSchema = z.object({
  officeReservationHours: wholeBetween(0, 720, 'validation.reservationHours'),
  doorLeftOpenMinutes: wholeBetween(1, 240, 'validation.doorOpenMinutes'),
  kioskMessage: z.string().trim().max(200),
});
export type GlobalOptions = z.infer<typeof globalOptionsSchema>;
export const DEFAULT_GLOBAL_OPTIONS: GlobalOptions = {
  officeReservationHours: 24,
  doorLeftOpenMinutes: 5,
  kioskMessage: '',
};
export const updateGlobalOptionsSchema = globalOptionsSchema.extend({
  pin: pinSchema,
  ...settingsVersionShape,
});
export const globalOptionsReplySchema = globalOptionsSchema.extend(settingsVersionReplyShape);
export type GlobalOptionsReply = z.infer<typeof globalOptionsReplySchema>;
