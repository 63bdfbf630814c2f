import { timingSafeEqual } from 'node:crypto';
import { backendRoleName, can, type AccountRole, type StoreUser, type TokenReply } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { newToken, tokenHash, verifySecret } from '../../lib/secrets.js';
import { nowIso } from '../../db/helpers.js';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  LOGIN_LIMIT_PER_ADDRESS,
  LOGIN_LIMIT_PER_USER_ADDRESS,
  LOGIN_SLOWDOWN_PER_USER,
  RateLimiter,
  loginDelayMs,
} from '../rate-limits/rate-limiter.js';
import { authRepository } from './auth.repository.js';
import type { Account } from '../../lib/account.js';

// A real hash to compare against when the username does not exist, so timing does not reveal it.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class AuthService {
  private readonly limiter: RateLimiter;
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.limiter = new RateLimiter(db);
  }

  private checkClient(clientId: string, clientSecret: string) {
    if (
      !sameSecret(clientId, this.config.oauthClientId) ||
      !sameSecret(clientSecret, this.config.oauthClientSecret)
    ) {
      throw new AppError('invalidClient');
    }
  }

  private async issue(adminId: number, familyId: number | null = null): Promise<TokenReply> {
    const access = newToken();
    const refresh = newToken();
    const now = Date.now();
    await authRepository.insertToken(this.db, {
      adminId,
      accessHash: tokenHash(access),
      refreshHash: tokenHash(refresh),
      accessExpiresAt: nowIso(new Date(now + this.config.accessTokenTtl * 1000)),
      refreshExpiresAt: nowIso(new Date(now + this.config.refreshTokenTtl * 1000)),
      now: nowIso(new Date(now)),
      familyId,
    });
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: this.config.accessTokenTtl,
      refresh_token: refresh,
      scope: null,
    };
  }

  /** Asks the reCAPTCHA service about the response token; any doubt (no token, no answer) is a failure. */
  private async checkRecaptcha(response: string | undefined, address: string) {
    const { secret, verifyUrl } = this.config.recaptcha;
    if (!secret) return;
    let success = false;
    if (response) {
      try {
        const res = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response, remoteip: address }).toString(),
          signal: AbortSignal.timeout(5000),
        });
        success = res.ok && ((await res.json()) as { success?: unknown }).success === true;
      } catch {
        success = false;
      }
    }
    if (!success) throw new AppError('recaptchaFailed');
  }

  async passwordGrant(input: {
    username: string;
    password: string;
    clientId: string;
    clientSecret: string;
    address: string;
    recaptcha?: string | undefined;
  }): Promise<TokenReply> {
    this.checkClient(input.clientId, input.clientSecret);
    await this.checkRecaptcha(input.recaptcha, input.address);
    // Failures count per (username, address) and per address, each a hard limit on that address
    // only, so no address can lock a user out of another (issue #31). Across addresses the
    // username's failures only slow its checks down (ADR 0024): a refusal there would lock the
    // real user out from everywhere.
    const user = input.username.toLowerCase();
    const pairKey = `login:user:${user}:address:${input.address}`;
    const userKey = `login:user:${user}`;
    const addressKey = `login:address:${input.address}`;
    await this.limiter.takeAll([
      [pairKey, LOGIN_LIMIT_PER_USER_ADDRESS],
      [addressKey, LOGIN_LIMIT_PER_ADDRESS],
    ]);
    const failures = await this.limiter.count(userKey, LOGIN_SLOWDOWN_PER_USER);
    const delay = loginDelayMs(failures - LOGIN_SLOWDOWN_PER_USER.max);
    if (delay > 0) await sleep(delay);
    const admin = await authRepository.findAdminByUsername(this.db, input.username);
    const valid = await verifySecret(input.password, admin?.password_hash ?? DUMMY_HASH);
    if (!admin || !valid) throw new AppError('invalidCredentials');
    // The right password is not a failure: its attempt is given back, and this address starts over.
    await this.limiter.reset(pairKey);
    await this.limiter.refund(addressKey);
    await this.limiter.refund(userKey);
    if (admin.enabled !== 1) throw new AppError('accountDisabled');
    if (admin.company && (await authRepository.clientDisabled(this.db, admin.company)))
      throw new AppError('clientDisabled');
    // Old tokens pile up otherwise; dropping the dead ones at login keeps the table small.
    await authRepository.deleteExpired(this.db, nowIso());
    return this.issue(admin.id);
  }

  /**
   * Refresh tokens rotate: each is good once, and using it revokes the pair it belongs to. A used
   * one presented again means it leaked (or its holder's was stolen): every token of that sign-in is
   * revoked, the thief's and the rightful holder's alike (OAuth 2.0 security BCP, issue #20).
   */
  async refreshGrant(input: {
    refreshToken: string;
    clientId: string;
    clientSecret: string;
  }): Promise<TokenReply> {
    this.checkClient(input.clientId, input.clientSecret);
    const token = await authRepository.findTokenByRefreshHash(this.db, tokenHash(input.refreshToken));
    const now = nowIso();
    if (!token || token.refresh_expires_at <= now) throw new AppError('sessionExpired');
    const family = token.family_id ?? token.id;
    const replayed = async () => {
      await authRepository.revokeFamily(this.db, family, now);
      return new AppError('sessionExpired');
    };
    if (token.revoked_at !== null) throw await replayed();
    const admin = await authRepository.findAdminById(this.db, token.admin_id);
    if (!admin || admin.enabled !== 1) throw new AppError('sessionExpired');
    if (admin.company && (await authRepository.clientDisabled(this.db, admin.company)))
      throw new AppError('sessionExpired');
    // Two uses at once: the one that revokes it wins, the other is a replay.
    if (!(await authRepository.revokeToken(this.db, token.id, now))) throw await replayed();
    return this.issue(admin.id, family);
  }

  async logout(account: Account): Promise<void> {
    await authRepository.revokeToken(this.db, account.tokenId, nowIso());
  }

  /**
   * SPEC §7 role lookup. An account reads its own entry; only an admin may read others'. To anyone
   * else another account reads as missing, so usernames cannot be probed.
   */
  async storeUser(caller: Account, username: string): Promise<StoreUser> {
    if (caller.username !== username && !can(caller.role, 'accounts.lookup')) throw new AppError('notFound');
    const admin = await authRepository.findAdminByUsername(this.db, username);
    if (!admin) throw new AppError('notFound');
    const role = admin.role as AccountRole;
    return {
      id: admin.id,
      username: admin.username,
      name: admin.name,
      role,
      roles: [backendRoleName(role)],
      company: admin.company,
      modules: this.config.modules,
    };
  }
}
