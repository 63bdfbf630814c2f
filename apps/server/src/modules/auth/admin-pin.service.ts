import type { Db } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { verifySecret } from '../../lib/secrets.js';
import { RateLimiter } from '../rate-limits/rate-limiter.js';
import { adminAttemptKeys } from './admin-attempts.js';
import type { Account } from '../../lib/account.js';
import { PinLookup } from './pin-lookup.js';
import { authRepository } from './auth.repository.js';

/**
 * The acting admin's PIN, asked before sensitive actions (release a locker, delete all user data,
 * global options). Wrong PINs count against the admin, so a stolen session cannot guess it.
 */
export class AdminPinService {
  private readonly limiter: RateLimiter;
  constructor(private readonly db: Db) {
    this.limiter = new RateLimiter(db);
  }

  async verify(account: Pick<Account, 'id' | 'address'>, pin: string | undefined | null): Promise<void> {
    const row = await authRepository.pinOf(this.db, account.id);
    // An account that never set a PIN is told so (not "wrong PIN"): it can set one in its profile.
    if (row && !row.pin_hash) throw new AppError('pinNotSet');
    // Counted before the slow hash, in one atomic step with the limit check (docs/adr/0024).
    const keys = adminAttemptKeys('pin', account);
    await this.limiter.takeAll(keys);
    const ok = !!pin && /^\d{4}$/.test(pin) && !!row?.pin_hash && (await verifySecret(pin, row.pin_hash));
    if (!ok) throw new AppError('wrongPin');
    await this.limiter.reset(keys[0][0]);
    await this.limiter.refund(keys[1][0]);
    // A PIN written before its lookup existed gets it now that it is known (docs/adr/0061). Best
    // effort: should another account hold the same PIN (both older than the check), it stays empty.
    if (row!.pin_lookup === null) await new PinLookup(this.db).fill(account.id, pin!).catch(() => {});
  }
}
