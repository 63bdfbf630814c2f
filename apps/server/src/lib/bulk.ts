import type { FastifyBaseLogger } from 'fastify';
import type { BulkResult, BulkRowResult } from '@cacifo/contract';
import { AppError } from './errors.js';
import { noteUnchanged } from './audit-trail.js';

/**
 * A bulk action (issue #22): the single action run for each id in turn, each in its own
 * transaction with its own admin log row, so one refused row (an order in the wrong state, a user
 * gone) is reported with the code the single action would answer and the others still happen.
 * Ids are deduplicated; the report keeps the order they were given in.
 */
export async function runBulk(
  ids: readonly number[],
  action: (id: number) => Promise<unknown>,
  log: FastifyBaseLogger,
): Promise<BulkResult> {
  const results: BulkRowResult[] = [];
  for (const id of new Set(ids)) {
    try {
      await action(id);
      results.push({ id, ok: true, code: null });
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err, id }, 'bulk action failed on one row');
      results.push({ id, ok: false, code: err instanceof AppError ? err.code : 'internalError' });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  // Every row refused: nothing changed, so no admin log row is owed (each success writes its own).
  if (succeeded === 0) noteUnchanged();
  return { results, succeeded, failed: results.length - succeeded };
}
