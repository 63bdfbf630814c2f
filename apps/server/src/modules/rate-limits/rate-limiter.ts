import type { Db } from '../../db/schema.js';
import { rateLimitRepository } from './rate-limit.repository.js';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Fixed-window failure counters kept in the database, so a limit holds across server instances.
 * Only failures count: a user who keeps typing the right password is never locked out.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async isBlocked(key: string, limit: Limit, now = Date.now()): Promise<boolean> {
    const row = await rateLimitRepository.get(this.db, key);
    if (!row) return false;
    if (now - Date.parse(row.window_start) >= limit.windowMs) return false;
    return row.count >= limit.max;
  }

  async fail(key: string, limit: Limit, now = Date.now()): Promise<void> {
    const row = await rateLimitRepository.get(this.db, key);
    const fresh = !row || now - Date.parse(row.window_start) >= limit.windowMs;
    await rateLimitRepository.set(
      this.db,
      key,
      fresh ? 1 : row.count + 1,
      fresh ? new Date(now).toISOString() : row.window_start,
    );
  }

  async reset(key: string): Promise<void> {
    await rateLimitRepository.clear(this.db, key);
  }
}

export const LOGIN_LIMIT_PER_USER: Limit = { max: 5, windowMs: 15 * 60_000 };
export const LOGIN_LIMIT_PER_ADDRESS: Limit = { max: 20, windowMs: 15 * 60_000 };
export const PIN_LIMIT_PER_ADMIN: Limit = { max: 5, windowMs: 15 * 60_000 };
