import type { AdminLogAction } from '@cacifo/contract';
import type { Db, Tx } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/helpers.js';
import type { Account } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import { writeAdminLog, type AdminLogEntry } from './admin-log.service.js';

type LogParts = Omit<AdminLogEntry, 'actor' | 'action'>;

export interface AdminCommandOptions<T> {
  /** What the row names besides actor and action; a function of the result when it names what was made. */
  log?: LogParts | ((result: T) => LogParts);
  /** What a unique index refusing the write means to the caller (default: 409 conflict). */
  onDuplicate?: () => AppError;
}

/**
 * One staff change to the back-office (issue #35): `fn` runs in a transaction, the admin log row
 * commits with it, and a unique index that refuses the write (two saves racing past the checks)
 * answers as the check would have. A service calling this cannot forget any of the three.
 */
export async function adminCommand<T>(
  db: Db,
  actor: Account,
  action: AdminLogAction,
  fn: (tx: Tx) => Promise<T>,
  options: AdminCommandOptions<T> = {},
): Promise<T> {
  try {
    return await db.transaction().execute(async (tx) => {
      const result = await fn(tx);
      const parts = typeof options.log === 'function' ? options.log(result) : options.log;
      await writeAdminLog(tx, { actor, action, ...parts });
      return result;
    });
  } catch (err) {
    if (!(err instanceof AppError) && isUniqueViolation(err))
      throw options.onDuplicate?.() ?? new AppError('conflict');
    throw err;
  }
}
