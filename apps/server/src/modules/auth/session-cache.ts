import type { AccountRole } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { tokenHash } from '../../lib/secrets.js';
import type { Account } from '../../lib/account.js';
import { authRepository } from './auth.repository.js';
import { sessionEpoch } from './session-changes.js';

interface Entry {
  account: Account;
  /** Epoch milliseconds after which the entry must be read from the database again. */
  until: number;
  epoch: number;
}

/**
 * Who a bearer token belongs to, with a short in-process memory. Every signed-in request needs
 * this; without the cache it is one query per request, which by itself kept signed-in calls far
 * below the framework's ceiling in the benchmarks (docs/performance.md). Entries live at most
 * `ttlMs` and never past the token's own expiry; revocations and account changes clear the cache
 * at once (see `sessionsChanged` in session-changes.ts), on every instance through PostgreSQL NOTIFY.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async account(token: string): Promise<Account | null> {
    const hash = tokenHash(token);
    const now = Date.now();
    const hit = this.entries.get(hash);
    if (hit && hit.epoch === sessionEpoch() && hit.until > now) return hit.account;
    if (hit) this.entries.delete(hash);

    const seenEpoch = sessionEpoch();
    const row = await authRepository.findAccountByAccessHash(this.db, hash, nowIso(new Date(now)));
    if (!row) return null;
    const account: Account = {
      id: row.id,
      username: row.username,
      name: row.name,
      role: row.role as AccountRole,
      company: row.company,
      tokenId: row.token_id,
    };
    // A change that landed while the query ran may not be in the row: use it, don't keep it.
    if (seenEpoch === sessionEpoch() && this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.evictOldest();
      const expires = Date.parse(row.access_expires_at);
      this.entries.set(hash, { account, until: Math.min(now + this.ttlMs, expires), epoch: seenEpoch });
    }
    return account;
  }

  private evictOldest() {
    // Maps iterate in insertion order: the first key is the oldest entry.
    const first = this.entries.keys().next();
    if (!first.done) this.entries.delete(first.value);
  }
}
