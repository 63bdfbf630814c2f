import type { Account } from '../../lib/account.js';
import { PIN_LIMIT_PER_ADMIN, PIN_LIMIT_PER_ADMIN_ADDRESS, type Limit } from '../rate-limits/rate-limiter.js';

/**
 * The counters of a signed-in admin's secret checks (the PIN, or the current password): per
 * (account, address) first, then the account's higher cap across addresses, like sign-in.
 */
export function adminAttemptKeys(
  what: 'pin' | 'password',
  account: Pick<Account, 'id' | 'address'>,
): [[string, Limit], [string, Limit]] {
  const own = `${what}:admin:${account.id}`;
  return [
    [`${own}:address:${account.address ?? ''}`, PIN_LIMIT_PER_ADMIN_ADDRESS],
    [own, PIN_LIMIT_PER_ADMIN],
  ];
}
