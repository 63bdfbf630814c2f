import { z } from 'zod';
import { ALERT_DOOR_STATUSES } from '../codes/locker.js';
import { exportFields, sortQuery } from '../lists.js';
import { dateIntervalSchema, maxResultsSchema, offsetSchema, urlIdSchema } from '../validation.js';

/** The columns the alerts list sorts by on the server (issue #22); ties by the locker's id. */
export const ALERT_SORT_COLUMNS = ['since', 'location', 'door', 'doorStatus'] as const;

/** The kinds of alert, as the URL spells them (the door status codes 1, 3 and 11). */
const ALERT_KINDS = ALERT_DOOR_STATUSES.map(String) as [string, ...string[]];

/**
 * The alerts list's filters (issue #22, ADR 0088): location, kind of alert (door status),
 * acknowledged or not (the alert under way), and the days the alert began.
 */
const alertFilterShape = {
  placeId: urlIdSchema.optional(),
  doorStatus: z.enum(ALERT_KINDS).transform(Number).optional(),
  acknowledged: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sinceInterval: dateIntervalSchema.optional(),
  /** The newest alert first unless sorted. */
  ...sortQuery(ALERT_SORT_COLUMNS, 'since', 'desc'),
};

/** GET /api/julian/alerts: paged on the server. */
export const alertListQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...alertFilterShape,
});
export type AlertListQuery = z.output<typeof alertListQuerySchema>;
/** GET /api/julian/alerts/export: the filtered alerts as .xlsx or .csv. */
export const alertExportQuerySchema = z.object({ ...alertFilterShape, ...exportFields });
export type AlertExportQuery = z.output<typeof alertExportQuerySchema>;
