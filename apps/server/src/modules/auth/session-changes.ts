import type { DbOrTx } from '../../db/schema.js';
import { notifyChannel } from './session-notify.repository.js';

/** PostgreSQL channel that tells every instance to forget the sessions it has cached. */
export const SESSIONS_CHANNEL = 'cacifo_sessions';

/**
 * Bumped whenever a token is revoked or an account changes. Every cache drops what it holds when
 * it sees a new value. Module-wide on purpose: forgetting too much costs one query per token.
 */
let epoch = 0;

/** This process's caches forget everything (a NOTIFY from another instance lands here too). */
export function forgetSessions(): void {
  epoch++;
}

/**
 * Called by every write that can end a session or change who it belongs to: revoked tokens,
 * account edits and deletes. Called before the write and again after it commits, so a lookup that
 * read the old row in between is not kept. On PostgreSQL the NOTIFY is part of the caller's
 * transaction, so other instances hear of it exactly when the change becomes visible.
 */
export async function sessionsChanged(db: DbOrTx): Promise<void> {
  forgetSessions();
  await notifyChannel(db, SESSIONS_CHANNEL);
}

/** The current value: a cache entry stamped with another one is stale. */
export function sessionEpoch(): number {
  return epoch;
}
