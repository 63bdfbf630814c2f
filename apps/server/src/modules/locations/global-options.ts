import { DEFAULT_GLOBAL_OPTIONS, globalOptionsSchema, type GlobalOptions } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { locationsRepository } from './locations.repository.js';

export const GLOBAL_OPTIONS_KEY = 'globalOptions';

/**
 * The saved global options, read where each takes effect (office assignments, the kiosk screen, the
 * controllers' left-open threshold). Keys saved by an older version and no longer known are dropped;
 * a value that no longer parses falls back to the defaults rather than blocking those callers.
 */
export async function readGlobalOptions(db: DbOrTx): Promise<GlobalOptions> {
  const row = await locationsRepository.getSetting(db, GLOBAL_OPTIONS_KEY);
  if (!row) return DEFAULT_GLOBAL_OPTIONS;
  const parsed = globalOptionsSchema.safeParse({
    ...DEFAULT_GLOBAL_OPTIONS,
    ...(JSON.parse(row.value) as object),
  });
  return parsed.success ? parsed.data : DEFAULT_GLOBAL_OPTIONS;
}

/** The expiry a new office assignment gets when the admin gives none; null when assignments do not expire. */
export function reservationExpiry(options: GlobalOptions, now: Date): string | null {
  if (options.officeReservationHours === 0) return null;
  return new Date(now.getTime() + options.officeReservationHours * 3_600_000).toISOString();
}
