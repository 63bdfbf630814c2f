import type { AdminAccount, ChangePasswordRequest, updateProfileSchema } from '@cacifo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { verifySecret } from '../../lib/secrets.js';
import type { Account } from '../../lib/account.js';
import { RateLimiter } from '../rate-limits/rate-limiter.js';
import { adminAttemptKeys } from '../auth/admin-attempts.js';
import { toAccount } from './account-mapper.js';
import { AccountWriter } from './account-writer.js';
import { adminsRepository, type AdminRow } from './admins.repository.js';

/** The caller's own account (user menu "edit profile"), whatever its role. */
export class ProfileService {
  private readonly writer: AccountWriter;
  private readonly limiter: RateLimiter;
  constructor(private readonly db: Db) {
    this.writer = new AccountWriter(db);
    this.limiter = new RateLimiter(db);
  }

  private async me(actor: Account): Promise<AdminRow> {
    const row = await adminsRepository.findById(this.db, actor.id);
    if (!row) throw new AppError('sessionExpired');
    return row;
  }

  async get(actor: Account): Promise<AdminAccount> {
    return toAccount(await this.me(actor));
  }

  async update(actor: Account, body: z.output<typeof updateProfileSchema>): Promise<AdminAccount> {
    await this.writer.update(actor, await this.me(actor), body);
    return this.get(actor);
  }

  /**
   * Checks the current password (L42). Wrong guesses count like PIN attempts, so a stolen session
   * cannot be used to find the password.
   */
  private async checkPassword(actor: Account, row: AdminRow, password: string) {
    const keys = adminAttemptKeys('password', actor);
    await this.limiter.takeAll(keys);
    if (!(await verifySecret(password, row.password_hash))) throw new AppError('L42');
    await this.limiter.reset(keys[0][0]);
    await this.limiter.refund(keys[1][0]);
  }

  async changePassword(actor: Account, body: ChangePasswordRequest): Promise<void> {
    const row = await this.me(actor);
    await this.checkPassword(actor, row, body.oldPassword);
    await this.writer.update(actor, row, { password: body.password });
  }

  async changePin(actor: Account, body: { password: string; pin: string }): Promise<AdminAccount> {
    const row = await this.me(actor);
    await this.checkPassword(actor, row, body.password);
    await this.writer.update(actor, row, { pin: body.pin });
    return this.get(actor);
  }
}
