/**
 * Polling intervals the web declares next to its queries, apart from the zod schemas so the
 * signed-in shell can read them without loading zod.
 */

/** Polling of the navbar bell (SPEC §9). */
export const ASSET_WARNINGS_POLL_MS = 15_000;
