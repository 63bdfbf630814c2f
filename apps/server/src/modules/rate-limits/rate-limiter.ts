import type { Db } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { rateLimitRepository } from './rate-limit.repository.js';

export interface Limit {
  max: number;
  windowMs: number;
}

/** What a refused attempt carries: seconds and whole minutes until the window ends (the message names them). */
export interface WaitData {
  retryAfter: number;
  minutes: number;
}

/**
 * Fixed-window attempt counters kept in the database, so a limit holds across server instances.
 *
 * An attempt is counted before it is evaluated, in the same atomic statement that checks the
 * limit: concurrent guesses each get their own count, and no more than `max` of them ever reach the
 * slow hash. A success then gives its attempt back (`refund`) or clears a personal counter
 * (`reset`), so only failures are left counting.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts an attempt under `key`; over the limit it is refused (429 with the wait). */
  async take(key: string, limit: Limit, now = Date.now()): Promise<void> {
    await this.takeAll([[key, limit]], now);
  }

  /** Counts an attempt under each key in turn; the first key over its limit refuses. */
  async takeAll(list: [string, Limit][], now = Date.now()): Promise<void> {
    // In order and stopping at the first refusal: a refused attempt then counts only against the
    // narrower keys before it (the caller's own), never against a wider one shared with others.
    for (const [key, l] of list) {
      const row = await rateLimitRepository.hit(
        this.db,
        key,
        new Date(now).toISOString(),
        new Date(now - l.windowMs).toISOString(),
      );
      if (row.count > l.max) {
        const ms = Math.max(1000, Date.parse(row.window_start) + l.windowMs - now);
        const data: WaitData = { retryAfter: Math.ceil(ms / 1000), minutes: Math.ceil(ms / 60_000) };
        throw new AppError('tooManyAttempts', data);
      }
    }
  }

  /**
   * Counts an attempt under `key` without ever refusing it: how many there were in the window,
   * this one included (a threshold that slows down instead of locking out).
   */
  async count(key: string, limit: Limit, now = Date.now()): Promise<number> {
    const row = await rateLimitRepository.hit(
      this.db,
      key,
      new Date(now).toISOString(),
      new Date(now - limit.windowMs).toISOString(),
    );
    return row.count;
  }

  async refund(key: string): Promise<void> {
    await rateLimitRepository.refund(this.db, key);
  }

  async reset(key: string): Promise<void> {
    await rateLimitRepository.clear(this.db, key);
  }
}

const WINDOW = 15 * 60_000;
/** Failed sign-ins of one username from one address (SPEC: five). */
export const LOGIN_LIMIT_PER_USER_ADDRESS: Limit = { max: 5, windowMs: WINDOW };
/**
 * Failed sign-ins of one username from anywhere: past `max`, each check of its password waits
 * first (loginDelayMs), against guessing spread over many addresses. Never a refusal: a refusal here
 * would lock the real user out from everywhere (issue #31, OWASP authentication cheat sheet).
 */
export const LOGIN_SLOWDOWN_PER_USER: Limit = { max: 30, windowMs: WINDOW };
const SLOWDOWN_STEP_MS = 200;
const SLOWDOWN_MAX_MS = 3000;
/**
 * The wait before checking a password of a username `excess` failures past its threshold: 200 ms,
 * doubling every five more, at most 3 s. It costs a guess spread over many addresses time, while
 * the real user's right password still goes through from an address of its own.
 */
export function loginDelayMs(excess: number): number {
  if (excess <= 0) return 0;
  return Math.min(SLOWDOWN_STEP_MS * 2 ** Math.floor((excess - 1) / 5), SLOWDOWN_MAX_MS);
}
/** Failed sign-ins from one address across usernames (password spraying). */
export const LOGIN_LIMIT_PER_ADDRESS: Limit = { max: 20, windowMs: WINDOW };
/** Wrong admin PINs (or current passwords) of one account from one address, and from anywhere. */
export const PIN_LIMIT_PER_ADMIN_ADDRESS: Limit = { max: 5, windowMs: WINDOW };
export const PIN_LIMIT_PER_ADMIN: Limit = { max: 15, windowMs: WINDOW };
